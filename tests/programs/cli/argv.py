# `standin run argv.py --n 5 x`: the script's path and the arguments after it are
# sys.argv, as python3 sets them, so argparse reads the command line.
import argparse
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--n", type=int, default=1)
parser.add_argument("rest", nargs="*")
args = parser.parse_args()
print(sys.argv[0].split("/")[-1], sys.argv[1:], args, parser.prog)
