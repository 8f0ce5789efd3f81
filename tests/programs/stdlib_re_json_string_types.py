# re (a backtracking matcher with Python's syntax): search/match/fullmatch,
# findall/finditer/sub/subn/split, groups (named, optional, backreferences),
# lookaround, lazy quantifiers, flags, errors; json dumps/loads with indent,
# sort_keys, separators, escapes and decode errors; string's constants;
# types.SimpleNamespace and MethodType (binding a new forward to a module).
import json
import re
import string
import types

cases = [
    (r"\d+", "abc 123 def 45"), (r"[a-z]+", "Hello World"), (r"(\w+)@(\w+)\.com", "x joe@mail.com y"),
    (r"^\s*(#.*)?$", "   # comment"), (r"a.c", "abc a\nc"), (r"colou?r", "color colour"), (r"(?P<key>\w+)=(?P<val>[^;]*)", "a=1;b=two;c="),
    (r"\bcat\b", "concat cat catalog"), (r"(a|ab)(c|bcd)(d*)", "abcd"), (r"x*", "abxd"), (r"(\d{2,3})", "1 12 123 1234"),
    (r"layers\.(\d+)\.(attn|mlp)\.", "model.layers.12.attn.q_proj.weight"), (r"^(.*?)_(\d+)$", "block_name_17"),
    (r"[^\W\d_]+", "ab1_cd"), (r"(?i)hello", "HeLLo there"), (r"\$\{(\w+)\}", "path ${HOME}/x ${USER}"),
    (r"(a)(b)?", "ac"), (r"(?:ab)+", "ababab abx"), (r"a{3}", "aaaa"), (r"a{,2}b", "aaab"), (r"\s+", " a  b\tc\n"),
    (r"(?<=-)\w+", "x-abc-de"), (r"\w+(?=,)", "a, bb, ccc"), (r"(?!un)\b\w+", "undo redo"), (r"(\w)\1", "hello bookkeeper"),
    (r"[\d.]+[eE][-+]?\d+", "1.5e-3 and 2E10"), (r"^$", ""), (r"a|", "ba"), (r"(?<!\d)\d{2}(?!\d)", "1 22 333 44"),
    (r"[-a-c]+", "x-ab-"), (r"[\]\\]", "a]b\\c"), (r"\.", "a.b"), (r".*", "abc\ndef"), (r"(?s).+", "ab\ncd"),
]
for pat, s in cases:
    m = re.search(pat, s)
    print(repr(pat), m.span() if m else None, m.group() if m else None, m.groups() if m else None)
    print('  findall', re.findall(pat, s))
    print('  sub', re.sub(pat, '<\\g<0>>', s))
    print('  split', re.split(pat, s))
print(re.match(r"(\d+)-(\d+)", "10-20").groups(), re.fullmatch(r"\d+", "123"), re.fullmatch(r"\d+", "123a"))
m = re.match(r"(?P<first>\w+) (?P<last>\w+)", "Jane Doe x")
print(m.group('first'), m['last'], m.groupdict(), m.span(2), m.start('last'), m.end(), m.lastindex, m.lastgroup, m.group(1, 2))
print(re.sub(r"(\w+) (\w+)", r"\2 \1", "hello world foo bar"))
print(re.sub(r"\d", lambda m: str(int(m.group()) * 2), "a1b2c9"))
print(re.subn(r"o", "0", "foo boo", count=3))
print(re.split(r"[,;]\s*", "a, b;c,d", maxsplit=2))
print(re.split(r"(,)", "a,b,c"))
print(re.escape("a.b*c(d)[e] f-g_h#"))
p = re.compile(r"(\d+)", re.I)
print(p.pattern, p.groups, p.groupindex, [m.span() for m in p.finditer("1 22 333")])
print(p.search("abc 99", 5), p.match("12x", 1))
print(re.compile(r"""
    (\d+)   # digits
    \s*     # space
    ([a-z]+)
""", re.VERBOSE).findall("12 ab 3cd"))
print(re.findall(r"^\w+", "one\ntwo\nthree", re.M), re.findall(r"\w+$", "one\ntwo\nthree", re.M))
print(re.findall(r"HELLO", "hello Hello", re.IGNORECASE), re.findall(r"[A-Z]+", "abc DEF", flags=re.I))
for bad in ["(", "a)", "*a", "[a", "a{2,1}", r"\1(a)", "(?P<1>a)", "a**"]:
    try:
        re.compile(bad)
        print("compiled", bad)
    except re.error as e:
        print("error", repr(bad), e.msg, e.pos)
print(re.sub('x*', '-', 'abxd'), re.findall(r'\b', 'ab cd'), re.split(r'\b', 'ab cd'))
print(re.match("a*?b", "aaab").group(), re.match("(a+?)(a*)", "aaa").groups(), re.search("<.+?>", "<a><b>").group())
print(bool(re.match("x", "y")), re.match("", "abc").span())
print(re.sub(r"([A-Z])", r"_\1", "camelCaseName").lower(), re.findall(r"[A-Z][a-z]*", "HTTPServerError"))
print(re.search(r"(\d+)\.(\d+)", "version 3.11.2").group(0, 1, 2))

cfg = {"model": "gpt2", "n_layer": 12, "dropout": 0.1, "bias": True, "vocab": None, "dims": [768, 3072], "nested": {"b": 1, "a": [1.5, -2e-7, 1e20]}, "uni": "héllo ✓", "esc": "q\"b\\n\n\t\x01"}
print(json.dumps(cfg))
print(json.dumps(cfg, indent=2, sort_keys=True))
print(json.dumps(cfg, ensure_ascii=False, separators=(",", ":")))
print(json.dumps([1, (2, 3), {}, [], {1: 'a', 2.5: 'b', True: 'c', None: 'd'}], indent="\t"))
print(json.dumps(float('inf')), json.dumps(float('nan')), json.dumps(-0.0), json.dumps(1e-300), json.dumps(3.0))
s = json.dumps(cfg, indent=4)
back = json.loads(s)
print(back == cfg, back)
print(json.loads('  {"a": [1, 2.5, -3e2, true, false, null, "x\\u00e9\\ud83d\\ude00"], "b": {}}  '))
print(json.loads('[NaN, Infinity, -Infinity]'), json.loads('0'), json.loads('-0.5'), json.loads('"\\/"'))
print(json.loads('{"a": 1, "a": 2}'), json.loads('[1,2]', parse_int=float), json.loads('{"x": 1}', object_hook=lambda d: sorted(d)))
for bad in ['', '{', '[1,]', '{"a" 1}', '{a: 1}', '[1] x', '"abc', '[1 2]', 'tru', '"\\q"', '01']:
    try:
        json.loads(bad)
        print('parsed', repr(bad))
    except json.JSONDecodeError as e:
        print('error', repr(bad), str(e), e.pos, e.lineno, e.colno, isinstance(e, ValueError))
try:
    json.dumps({"a": object()})
except TypeError as e:
    print(e)
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print(e)
print(json.dumps({(1, 2): 3, "k": 1}, skipkeys=True), json.dumps({"o": object()}, default=lambda o: "obj"))
l = []
l.append(l)
try:
    json.dumps(l)
except ValueError as e:
    print(e)
try:
    json.dumps(float('nan'), allow_nan=False)
except ValueError as e:
    print(e)

print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.punctuation), repr(string.whitespace), len(string.printable))
print(string.capwords("hello   big world"), string.capwords("a-b-c", "-"))

ns = types.SimpleNamespace(lr=0.1, layers=[64, 32])
ns.name = "mlp"
print(ns, ns.lr, ns == types.SimpleNamespace(lr=0.1, layers=[64, 32], name="mlp"), vars(ns))


class Block:
    def __init__(self, scale):
        self.scale = scale

    def forward(self, x):
        return x * self.scale


def new_forward(self, x):
    return x + self.scale


b = Block(3)
b.forward = types.MethodType(new_forward, b)
print(b.forward(10), b.forward.__self__ is b, b.forward.__func__ is new_forward)
print(isinstance(new_forward, types.FunctionType), isinstance(b.forward, types.MethodType),
      isinstance(len, types.BuiltinFunctionType), isinstance((i for i in []), types.GeneratorType),
      isinstance(types, types.ModuleType), isinstance(lambda: 0, types.LambdaType))

# state_dict key renaming, the usual re job in model code
state = {"module.encoder.layer.0.attn.weight": 1, "module.encoder.layer.11.mlp.fc1.bias": 2, "head.weight": 3}
renamed = {re.sub(r"^module\.", "", k): v for k, v in state.items()}
print(renamed)
print({re.sub(r"layer\.(\d+)\.", lambda m: "blocks." + str(int(m.group(1)) + 1) + ".", k): v for k, v in renamed.items()})
print([k for k in renamed if re.match(r"encoder\.layer\.\d+\.attn", k)])
print(json.dumps({"renamed": sorted(renamed)}, indent=1))
