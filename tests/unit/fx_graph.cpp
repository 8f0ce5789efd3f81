// The graph IR: building, naming, users, insertion points, erase and
// replace, lint, copies, and Proxy recording the graph FX would record.
#include "fx_helpers.hpp"

using namespace standin;
using Opcode = NodeOpcode;

namespace {

Value floats(std::initializer_list<std::int64_t> sizes) { return zeros(sizes); }

std::vector<std::string> names(const Graph& g) {
    std::vector<std::string> out;
    for (Node* n : g.nodes()) out.push_back(n->name());
    return out;
}

}  // namespace

TEST_CASE("graph building records opcodes, targets, args and users") {
    Graph g;
    Node* x = g.placeholder("x", floats({4}));
    Node* mul = g.call_function("operator.mul", {x, 2});
    Node* relu = g.call_method("relu", {mul});
    Node* out = g.output(tuple_arg({relu}));

    CHECK(x->op() == Opcode::placeholder);
    CHECK(mul->op() == Opcode::call_function);
    CHECK(mul->target() == "operator.mul");
    CHECK(mul->op_def() == find_op("mul"));
    CHECK(relu->op() == Opcode::call_method);
    CHECK(relu->op_def() == find_op("relu"));
    CHECK(out->op() == Opcode::output);
    REQUIRE(mul->args().size() == 2);
    CHECK(mul->args()[0].node() == x);
    CHECK(mul->args()[1].constant()->as_int() == 2);
    REQUIRE(x->users().size() == 1);
    CHECK(x->users()[0] == mul);
    CHECK(mul->users()[0] == relu);
    CHECK(relu->users()[0] == out);
    CHECK(out->users().empty());
    CHECK(g.size() == 4);
    CHECK(g.output_node() == out);
    CHECK(g.placeholders() == std::vector<Node*>{x});
    g.lint();
}

TEST_CASE("a node that uses an input twice is listed once among its users") {
    Graph g;
    Node* x = g.placeholder("x", floats({2}));
    Node* add = g.call_function("operator.add", {x, x});
    CHECK(x->users().size() == 1);
    CHECK(add->input_nodes() == std::vector<Node*>{x});
}

TEST_CASE("names are unique, readable and never shadow Python builtins") {
    Graph g;
    Node* x = g.placeholder("x", floats({3, 4}));
    Node* m0 = g.call_function("operator.mul", {x, 2});
    Node* m1 = g.call_function("operator.mul", {m0, 3});
    Node* m2 = g.call_function("operator.mul", {m1, 4});
    Node* s0 = g.call_method("sum", {m2, 1});
    Node* s1 = g.call_method("sum", {s0});
    Node* mx = g.call_method("max", {x});
    Node* ab = g.call_function("torch.abs", {x});
    Node* relu = g.call_function("torch.relu", {x});
    Node* attr = g.get_attr("cfg.scale", Value(2.0));
    CHECK(m0->name() == "mul");
    CHECK(m1->name() == "mul_1");
    CHECK(m2->name() == "mul_2");
    CHECK(s0->name() == "sum_1");
    CHECK(s1->name() == "sum_2");
    CHECK(mx->name() == "max_1");
    CHECK(ab->name() == "abs_1");
    CHECK(relu->name() == "relu");
    CHECK(attr->name() == "cfg_scale");
    CHECK(g.find("mul_1") == m1);
    CHECK(g.find("nope") == nullptr);
}

TEST_CASE("the namespace follows FX's rules for suffixes and illegal characters") {
    Namespace ns;
    CHECK(ns.create_name("x") == "x");
    CHECK(ns.create_name("x") == "x_1");
    CHECK(ns.create_name("x_1") == "x_2");
    CHECK(ns.create_name("add_7") == "add_7");
    CHECK(ns.create_name("add") == "add");
    CHECK(ns.create_name("add") == "add_8");
    CHECK(ns.create_name("a.b-c") == "a_b_c");
    CHECK(ns.create_name("3d") == "_3d");
    CHECK(ns.create_name("") == "_unnamed");
    CHECK(ns.create_name("len") == "len_1");
    CHECK(ns.create_name("torch") == "torch_1");
    CHECK(ns.create_name("for") == "for_1");
}

TEST_CASE("placeholders and call nodes keep fake metadata, never the data") {
    Graph g;
    Value x = arange(Value(std::int64_t{0}), Value(std::int64_t{6}));
    Node* p = g.placeholder("x", x);
    REQUIRE(p->tensor_meta());
    CHECK(p->tensor_meta()->is_fake());
    CHECK(p->tensor_meta()->dtype() == dtype::int64);
    CHECK(std::ranges::equal(p->tensor_meta()->sizes(), std::vector<std::int64_t>{6}));
    Node* d = g.call_function("operator.truediv", {p, 2});
    CHECK(d->tensor_meta()->dtype() == dtype::float32);
    CHECK(d->tensor_meta()->is_fake());
}

TEST_CASE("an op that cannot run on the metadata fails while building, adding no node") {
    Graph g;
    Node* a = g.placeholder("a", floats({2, 3}));
    Node* b = g.placeholder("b", floats({4}));
    CHECK_THROWS_WITH_AS(g.call_function("operator.add", {a, b}),
                         "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton "
                         "dimension 1",
                         Error);
    CHECK(g.size() == 2);
    // The name was not used up either.
    CHECK(g.call_function("operator.add", {a, a})->name() == "add");
}

TEST_CASE("unknown targets are rejected with the spellings that work") {
    Graph g;
    Node* x = g.placeholder("x", floats({2}));
    CHECK_THROWS_WITH_AS(g.call_function("math.sqrt", {x}),
                         "RuntimeError: call_function target 'math.sqrt' is not an op of the reference tensor "
                         "(expected operator.<name> or torch.<name>)",
                         Error);
    CHECK_THROWS_WITH_AS(g.call_method("frobnicate", {x}),
                         "AttributeError: 'Tensor' object has no attribute 'frobnicate'", Error);
    CHECK_THROWS_AS(g.call_method("sum", {}), Error);
}

TEST_CASE("keyword arguments bind by name and reach the meta rule") {
    Graph g;
    Node* x = g.placeholder("x", floats({2, 3}));
    Node* s = g.call_method("sum", {x}, {kw("dim", 1), kw("keepdim", true)});
    CHECK(std::ranges::equal(s->tensor_meta()->sizes(), std::vector<std::int64_t>{2, 1}));
    // NumPy's spellings bind as torch's parser binds them.
    Node* n = g.call_method("sum", {x}, {kw("axis", 0), kw("keepdims", true)});
    CHECK(std::ranges::equal(n->tensor_meta()->sizes(), std::vector<std::int64_t>{1, 3}));
    CHECK_THROWS_WITH_AS(g.call_method("sum", {x}, {kw("axes", 1)}),
                         "TypeError: sum() got an unexpected keyword argument 'axes'", Error);
}

TEST_CASE("nested lists and tuples of nodes are arguments too") {
    Graph g;
    Node* a = g.placeholder("a", floats({2}));
    Node* b = g.placeholder("b", floats({3}));
    Node* c = g.call_function("torch.cat", {list_arg({a, b})});
    CHECK(std::ranges::equal(c->tensor_meta()->sizes(), std::vector<std::int64_t>{5}));
    CHECK(a->users()[0] == c);
    CHECK(b->users()[0] == c);
    CHECK(c->input_nodes() == std::vector<Node*>{a, b});
}

TEST_CASE("inserting_before and inserting_after place new nodes in creation order") {
    Graph g;
    Node* x = g.placeholder("x", floats({2}));
    Node* r = g.call_method("relu", {x});
    g.output(r);
    {
        auto at = g.inserting_after(x);
        g.call_function("operator.mul", {x, 2});
        g.call_function("operator.mul", {x, 3});
    }
    {
        auto at = g.inserting_before(r);
        g.call_function("operator.add", {x, 1});
    }
    g.call_function("operator.sub", {x, 1});  // back at the end: before nothing
    CHECK(names(g) == std::vector<std::string>{"x", "mul", "mul_1", "add", "relu", "output", "sub"});
    CHECK_THROWS_AS(g.lint(), Error);  // the output is no longer last
}

TEST_CASE("replace_all_uses_with rewires every user, including nested uses") {
    Graph g;
    Node* x = g.placeholder("x", floats({2}));
    Node* a = g.call_function("operator.mul", {x, 2});
    Node* b = g.call_function("operator.add", {a, a});
    Node* c = g.call_function("torch.cat", {tuple_arg({a, x})});
    g.output(tuple_arg({b, c}));
    Node* y = g.call_function("operator.neg", {x});
    {
        auto at = g.inserting_before(a);
        g.move_before(y, a);
    }
    auto changed = a->replace_all_uses_with(y);
    CHECK(changed == std::vector<Node*>{b, c});
    CHECK(a->users().empty());
    CHECK(b->args()[0].node() == y);
    CHECK(b->args()[1].node() == y);
    CHECK(c->args()[0].seq()->items[0].node() == y);
    CHECK(y->users().size() == 2);
    g.erase_node(a);
    g.lint();
}

TEST_CASE("erase_node refuses a node that still has users") {
    Graph g;
    Node* x = g.placeholder("x", floats({2}));
    Node* a = g.call_function("operator.mul", {x, 2});
    g.output(a);
    CHECK_THROWS_WITH_AS(g.erase_node(x),
                         "RuntimeError: Tried to erase Node x but it still had 1 users in the graph: {mul: None}!",
                         Error);
    CHECK(g.size() == 3);
}

TEST_CASE("erasing a node frees its name's place in the node lookup and unlinks its inputs") {
    Graph g;
    Node* x = g.placeholder("x", floats({2}));
    Node* a = g.call_function("operator.mul", {x, 2});
    g.output(x);
    g.erase_node(a);
    CHECK(g.find("mul") == nullptr);
    CHECK(x->users().size() == 1);  // only the output
    CHECK(g.size() == 2);
    g.lint();
}

TEST_CASE("lint finds a use before its definition") {
    Graph g;
    Node* x = g.placeholder("x", floats({2}));
    Node* a = g.call_function("operator.mul", {x, 2});
    Node* b = g.call_function("operator.add", {a, 1});
    g.output(b);
    a->set_args({b, 2});
    try {
        g.lint();
        FAIL("lint passed");
    } catch (const Error& e) {
        CHECK(e.message().starts_with("Argument 'add' of Node 'mul' was used before it has been defined! Please check "
                                      "that Nodes in the graph are topologically ordered\ngraph():"));
    }
}

TEST_CASE("lint requires exactly one output node") {
    Graph g;
    Node* x = g.placeholder("x", floats({2}));
    CHECK_THROWS_WITH_AS(g.lint(),
                         "RuntimeError: a graph must have exactly one output node, found 0\ngraph():\n"
                         "    %x : [num_users=0] = placeholder[target=x]",
                         Error);
    g.output(x);
    g.lint();
    g.output(x);
    CHECK_THROWS_AS(g.lint(), Error);
}

TEST_CASE("nodes of another graph cannot be used as arguments") {
    Graph g, h;
    Node* x = g.placeholder("x", floats({2}));
    h.placeholder("y", floats({2}));
    CHECK_THROWS_WITH_AS(h.call_function("operator.neg", {x}),
                         "RuntimeError: an argument: the node 'x' does not belong to this Graph", Error);
}

TEST_CASE("a copied graph has the same nodes and is independent") {
    Graph g;
    Node* x = g.placeholder("x", floats({2}));
    Node* a = g.call_function("operator.mul", {x, 2});
    g.output(tuple_arg({a}));
    auto c = g.copy();
    CHECK(names(*c) == names(g));
    CHECK(to_string(*c) == to_string(g));
    c->lint();
    Node* ca = c->find("mul");
    CHECK(ca != a);
    CHECK(ca->args()[0].node() == c->find("x"));
    c->call_function("operator.neg", {ca});
    CHECK(g.size() == 3);
}

TEST_CASE("Proxy arithmetic records the graph FX records") {
    auto g = trace(
        [](Proxy x, Proxy y) {
            Proxy a = x * 2;
            Proxy b = a + y;
            Proxy c = 1 - b;
            Proxy d = -c;
            Proxy e = d / 4.0;
            Proxy f = floordiv(e, 2);
            Proxy h = pow(f, 2);
            Proxy i = matmul(h, y);
            Proxy j = x < y;
            Proxy k = x == y;
            return std::make_tuple(i, j, k);
        },
        TraceInput{"x", floats({3})}, TraceInput{"y", floats({3})});
    CHECK(to_string(*g) ==
          "graph():\n"
          "    %x : [num_users=3] = placeholder[target=x]\n"
          "    %y : [num_users=4] = placeholder[target=y]\n"
          "    %mul : [num_users=1] = call_function[target=operator.mul](args = (%x, 2), kwargs = {})\n"
          "    %add : [num_users=1] = call_function[target=operator.add](args = (%mul, %y), kwargs = {})\n"
          "    %sub : [num_users=1] = call_function[target=operator.sub](args = (1, %add), kwargs = {})\n"
          "    %neg : [num_users=1] = call_function[target=operator.neg](args = (%sub,), kwargs = {})\n"
          "    %truediv : [num_users=1] = call_function[target=operator.truediv](args = (%neg, 4.0), kwargs = {})\n"
          "    %floordiv : [num_users=1] = call_function[target=operator.floordiv](args = (%truediv, 2), kwargs = {})\n"
          "    %pow_1 : [num_users=1] = call_function[target=operator.pow](args = (%floordiv, 2), kwargs = {})\n"
          "    %matmul : [num_users=1] = call_function[target=operator.matmul](args = (%pow_1, %y), kwargs = {})\n"
          "    %lt : [num_users=1] = call_function[target=operator.lt](args = (%x, %y), kwargs = {})\n"
          "    %eq : [num_users=1] = call_function[target=operator.eq](args = (%x, %y), kwargs = {})\n"
          "    return (matmul, lt, eq)");
    CHECK(g->find("matmul")->tensor_meta()->dim() == 0);
    CHECK(g->find("lt")->tensor_meta()->dtype() == dtype::bool_);
}

TEST_CASE("Proxy methods record call_method nodes with keyword arguments") {
    auto g = trace([](Proxy x) { return x.sum(1, kw("keepdim", true)).relu().to(dtype_value(dtype::float64)); },
                       TraceInput{"x", floats({2, 3})});
    CHECK(to_string(*g) ==
          "graph():\n"
          "    %x : [num_users=1] = placeholder[target=x]\n"
          "    %sum_1 : [num_users=1] = call_method[target=sum](args = (%x, 1), kwargs = {keepdim: True})\n"
          "    %relu : [num_users=1] = call_method[target=relu](args = (%sum_1,), kwargs = {})\n"
          "    %to : [num_users=1] = call_method[target=to](args = (%relu, torch.float64), kwargs = {})\n"
          "    return (to,)");
    Tensor* out = g->find("to")->tensor_meta();
    CHECK(out->dtype() == dtype::float64);
    CHECK(std::ranges::equal(out->sizes(), std::vector<std::int64_t>{2, 1}));
}

TEST_CASE("torch_call records torch functions and a Proxy reports its metadata") {
    auto g = trace([](Proxy x) { return torch_call("softmax", x, -1); }, TraceInput{"x", floats({2, 5})});
    Node* s = g->find("softmax");
    REQUIRE(s);
    CHECK(s->target() == "torch.softmax");
    Proxy p(s);
    CHECK(std::ranges::equal(p.meta()->sizes(), std::vector<std::int64_t>{2, 5}));
}

TEST_CASE("operator.getitem indexes tensors and the tuples ops return") {
    Graph g;
    Node* x = g.placeholder("x", floats({3, 4}));
    Node* m = g.call_method("max", {x, 1});
    Node* values = g.call_function("operator.getitem", {m, 0});
    Node* indices = g.call_function("operator.getitem", {m, 1});
    Node* row = g.call_function("operator.getitem", {x, 0});
    CHECK(values->tensor_meta()->dtype() == dtype::float32);
    CHECK(indices->tensor_meta()->dtype() == dtype::int64);
    CHECK(std::ranges::equal(row->tensor_meta()->sizes(), std::vector<std::int64_t>{4}));
    CHECK_THROWS_WITH_AS(g.call_function("operator.getitem", {m, 2}), "IndexError: tuple index out of range", Error);
}
