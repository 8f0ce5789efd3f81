// The graph IR: building, naming, users, insertion points, erase and
// replace, lint, copies, and Proxy recording the graph FX would record.
#include "fx_helpers.hpp"

using namespace standin;
using fx::Opcode;

namespace {

Value floats(std::initializer_list<std::int64_t> sizes) { return zeros(sizes); }

std::vector<std::string> names(const fx::Graph& g) {
    std::vector<std::string> out;
    for (fx::Node* n : g.nodes()) out.push_back(n->name());
    return out;
}

}  // namespace

TEST_CASE("graph building records opcodes, targets, args and users") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({4}));
    fx::Node* mul = g.call_function("operator.mul", {x, 2});
    fx::Node* relu = g.call_method("relu", {mul});
    fx::Node* out = g.output(fx::tuple_arg({relu}));

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
    CHECK(g.placeholders() == std::vector<fx::Node*>{x});
    g.lint();
}

TEST_CASE("a node that uses an input twice is listed once among its users") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({2}));
    fx::Node* add = g.call_function("operator.add", {x, x});
    CHECK(x->users().size() == 1);
    CHECK(add->input_nodes() == std::vector<fx::Node*>{x});
}

TEST_CASE("names are unique, readable and never shadow Python builtins") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({3, 4}));
    fx::Node* m0 = g.call_function("operator.mul", {x, 2});
    fx::Node* m1 = g.call_function("operator.mul", {m0, 3});
    fx::Node* m2 = g.call_function("operator.mul", {m1, 4});
    fx::Node* s0 = g.call_method("sum", {m2, 1});
    fx::Node* s1 = g.call_method("sum", {s0});
    fx::Node* mx = g.call_method("max", {x});
    fx::Node* ab = g.call_function("torch.abs", {x});
    fx::Node* relu = g.call_function("torch.relu", {x});
    fx::Node* attr = g.get_attr("cfg.scale", Value(2.0));
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
    fx::Namespace ns;
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
    fx::Graph g;
    Value x = arange(Value(std::int64_t{0}), Value(std::int64_t{6}));
    fx::Node* p = g.placeholder("x", x);
    REQUIRE(p->tensor_meta());
    CHECK(p->tensor_meta()->is_fake());
    CHECK(p->tensor_meta()->dtype() == dtype::int64);
    CHECK(std::ranges::equal(p->tensor_meta()->sizes(), std::vector<std::int64_t>{6}));
    fx::Node* d = g.call_function("operator.truediv", {p, 2});
    CHECK(d->tensor_meta()->dtype() == dtype::float32);
    CHECK(d->tensor_meta()->is_fake());
}

TEST_CASE("an op that cannot run on the metadata fails while building, adding no node") {
    fx::Graph g;
    fx::Node* a = g.placeholder("a", floats({2, 3}));
    fx::Node* b = g.placeholder("b", floats({4}));
    CHECK_THROWS_WITH_AS(g.call_function("operator.add", {a, b}),
                         "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton "
                         "dimension 1",
                         Error);
    CHECK(g.size() == 2);
    // The name was not used up either.
    CHECK(g.call_function("operator.add", {a, a})->name() == "add");
}

TEST_CASE("unknown targets are rejected with the spellings that work") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({2}));
    CHECK_THROWS_WITH_AS(g.call_function("math.sqrt", {x}),
                         "RuntimeError: call_function target 'math.sqrt' is not an op of the reference tensor "
                         "(expected operator.<name> or torch.<name>)",
                         Error);
    CHECK_THROWS_WITH_AS(g.call_method("frobnicate", {x}),
                         "AttributeError: 'Tensor' object has no attribute 'frobnicate'", Error);
    CHECK_THROWS_AS(g.call_method("sum", {}), Error);
}

TEST_CASE("keyword arguments bind by name and reach the meta rule") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({2, 3}));
    fx::Node* s = g.call_method("sum", {x}, {fx::kw("dim", 1), fx::kw("keepdim", true)});
    CHECK(std::ranges::equal(s->tensor_meta()->sizes(), std::vector<std::int64_t>{2, 1}));
    CHECK_THROWS_WITH_AS(g.call_method("sum", {x}, {fx::kw("axis", 1)}),
                         "TypeError: sum() got an unexpected keyword argument 'axis'", Error);
}

TEST_CASE("nested lists and tuples of nodes are arguments too") {
    fx::Graph g;
    fx::Node* a = g.placeholder("a", floats({2}));
    fx::Node* b = g.placeholder("b", floats({3}));
    fx::Node* c = g.call_function("torch.cat", {fx::list_arg({a, b})});
    CHECK(std::ranges::equal(c->tensor_meta()->sizes(), std::vector<std::int64_t>{5}));
    CHECK(a->users()[0] == c);
    CHECK(b->users()[0] == c);
    CHECK(c->input_nodes() == std::vector<fx::Node*>{a, b});
}

TEST_CASE("inserting_before and inserting_after place new nodes in creation order") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({2}));
    fx::Node* r = g.call_method("relu", {x});
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
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({2}));
    fx::Node* a = g.call_function("operator.mul", {x, 2});
    fx::Node* b = g.call_function("operator.add", {a, a});
    fx::Node* c = g.call_function("torch.cat", {fx::tuple_arg({a, x})});
    g.output(fx::tuple_arg({b, c}));
    fx::Node* y = g.call_function("operator.neg", {x});
    {
        auto at = g.inserting_before(a);
        g.move_before(y, a);
    }
    auto changed = a->replace_all_uses_with(y);
    CHECK(changed == std::vector<fx::Node*>{b, c});
    CHECK(a->users().empty());
    CHECK(b->args()[0].node() == y);
    CHECK(b->args()[1].node() == y);
    CHECK(c->args()[0].seq()->items[0].node() == y);
    CHECK(y->users().size() == 2);
    g.erase_node(a);
    g.lint();
}

TEST_CASE("erase_node refuses a node that still has users") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({2}));
    fx::Node* a = g.call_function("operator.mul", {x, 2});
    g.output(a);
    CHECK_THROWS_WITH_AS(g.erase_node(x),
                         "RuntimeError: Tried to erase Node x but it still had 1 users in the graph: {mul: None}!",
                         Error);
    CHECK(g.size() == 3);
}

TEST_CASE("erasing a node frees its name's place in the node lookup and unlinks its inputs") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({2}));
    fx::Node* a = g.call_function("operator.mul", {x, 2});
    g.output(x);
    g.erase_node(a);
    CHECK(g.find("mul") == nullptr);
    CHECK(x->users().size() == 1);  // only the output
    CHECK(g.size() == 2);
    g.lint();
}

TEST_CASE("lint finds a use before its definition") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({2}));
    fx::Node* a = g.call_function("operator.mul", {x, 2});
    fx::Node* b = g.call_function("operator.add", {a, 1});
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
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({2}));
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
    fx::Graph g, h;
    fx::Node* x = g.placeholder("x", floats({2}));
    h.placeholder("y", floats({2}));
    CHECK_THROWS_WITH_AS(h.call_function("operator.neg", {x}),
                         "RuntimeError: an argument: the node 'x' does not belong to this Graph", Error);
}

TEST_CASE("a copied graph has the same nodes and is independent") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({2}));
    fx::Node* a = g.call_function("operator.mul", {x, 2});
    g.output(fx::tuple_arg({a}));
    auto c = g.copy();
    CHECK(names(*c) == names(g));
    CHECK(fx::to_string(*c) == fx::to_string(g));
    c->lint();
    fx::Node* ca = c->find("mul");
    CHECK(ca != a);
    CHECK(ca->args()[0].node() == c->find("x"));
    c->call_function("operator.neg", {ca});
    CHECK(g.size() == 3);
}

TEST_CASE("Proxy arithmetic records the graph FX records") {
    auto g = fx::trace(
        [](fx::Proxy x, fx::Proxy y) {
            fx::Proxy a = x * 2;
            fx::Proxy b = a + y;
            fx::Proxy c = 1 - b;
            fx::Proxy d = -c;
            fx::Proxy e = d / 4.0;
            fx::Proxy f = fx::floordiv(e, 2);
            fx::Proxy h = fx::pow(f, 2);
            fx::Proxy i = fx::matmul(h, y);
            fx::Proxy j = x < y;
            fx::Proxy k = x == y;
            return std::make_tuple(i, j, k);
        },
        fx::TraceInput{"x", floats({3})}, fx::TraceInput{"y", floats({3})});
    CHECK(fx::to_string(*g) ==
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
    auto g = fx::trace([](fx::Proxy x) { return x.sum(1, fx::kw("keepdim", true)).relu().to(dtype_value(dtype::float64)); },
                       fx::TraceInput{"x", floats({2, 3})});
    CHECK(fx::to_string(*g) ==
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
    auto g = fx::trace([](fx::Proxy x) { return fx::torch_call("softmax", x, -1); }, fx::TraceInput{"x", floats({2, 5})});
    fx::Node* s = g->find("softmax");
    REQUIRE(s);
    CHECK(s->target() == "torch.softmax");
    fx::Proxy p(s);
    CHECK(std::ranges::equal(p.meta()->sizes(), std::vector<std::int64_t>{2, 5}));
}

TEST_CASE("operator.getitem indexes tensors and the tuples ops return") {
    fx::Graph g;
    fx::Node* x = g.placeholder("x", floats({3, 4}));
    fx::Node* m = g.call_method("max", {x, 1});
    fx::Node* values = g.call_function("operator.getitem", {m, 0});
    fx::Node* indices = g.call_function("operator.getitem", {m, 1});
    fx::Node* row = g.call_function("operator.getitem", {x, 0});
    CHECK(values->tensor_meta()->dtype() == dtype::float32);
    CHECK(indices->tensor_meta()->dtype() == dtype::int64);
    CHECK(std::ranges::equal(row->tensor_meta()->sizes(), std::vector<std::int64_t>{4}));
    CHECK_THROWS_WITH_AS(g.call_function("operator.getitem", {m, 2}), "IndexError: tuple index out of range", Error);
}
