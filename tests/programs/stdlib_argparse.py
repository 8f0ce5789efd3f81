# argparse as training scripts use it: options with types, defaults,
# choices, store_true/store_false/append/count, nargs, positionals, groups,
# set_defaults, parse_known_args, Namespace; errors exit with status 2.
import argparse


def make():
    parser = argparse.ArgumentParser(description="train a model")
    parser.add_argument("--lr", type=float, default=0.1, help="learning rate")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--no-cuda", action="store_true", default=False)
    parser.add_argument("--shuffle", action="store_false")
    parser.add_argument("--opt", choices=["sgd", "adam"], default="sgd")
    parser.add_argument("-v", "--verbose", action="count", default=0)
    parser.add_argument("--layer", action="append", type=int)
    parser.add_argument("--sizes", nargs="+", type=int, default=[1])
    parser.add_argument("--name", nargs="?", const="const", default="dflt")
    group = parser.add_argument_group("data")
    group.add_argument("--data", default="./data")
    parser.add_argument("mode", nargs="?", default="train")
    parser.set_defaults(seed=7)
    return parser


p = make()
args = p.parse_args([])
print(args.lr, args.epochs, args.batch_size, args.no_cuda, args.shuffle, args.opt, args.verbose, args.layer,
      args.sizes, args.name, args.data, args.mode, args.seed)
args = p.parse_args(["--lr", "0.5", "--epochs=3", "--no-cuda", "--shuffle", "--opt", "adam", "-vv", "--layer", "1",
                     "--layer", "2", "--sizes", "4", "5", "--name", "eval"])
print(args.lr, args.epochs, args.no_cuda, args.shuffle, args.opt, args.verbose, args.layer, args.sizes, args.name,
      args.mode)
print(sorted(vars(args).items()))
args = p.parse_args(["--name", "--batch-size", "8"])
print(args.name, args.batch_size)
ns, rest = p.parse_known_args(["--lr", "1e-3", "--unknown", "x"])
print(ns.lr, rest)
n = argparse.Namespace(a=1, b="x")
print(n, n.a, "a" in n, n == argparse.Namespace(a=1, b="x"), vars(n))
print(p.get_default("lr"), p.get_default("seed"))
for bad in (["--epochs", "x"], ["--opt", "rmsprop"], ["--bogus"], ["--lr"]):
    try:
        p.parse_args(bad)
    except SystemExit as e:
        print("SystemExit", e.code)
req = argparse.ArgumentParser()
req.add_argument("path")
req.add_argument("--k", required=True)
print(req.parse_args(["file.txt", "--k", "3"]))
try:
    req.parse_args([])
except SystemExit as e:
    print("SystemExit", e.code)
