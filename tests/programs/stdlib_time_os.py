# time and os as scripts around a model use them: timing a loop (only the
# types and the order of readings are printed: the values change every run)
# and building paths.
import os
import time

t0 = time.time()
p0 = time.perf_counter()
total = 0
for i in range(1000):
    total += i
p1 = time.perf_counter()
print(total, type(t0).__name__, t0 > 1.6e9, p1 >= p0, isinstance(time.time_ns(), int))
time.sleep(0)
print(f"elapsed is a float: {isinstance(p1 - p0, float)}")

print(os.path.join("runs", "exp1", "model.pt"), os.path.join("/abs", "x"), os.path.join("a/", "b"), os.path.join("a", "/b"))
print(os.path.basename("/tmp/ckpt/model.pt"), os.path.dirname("/tmp/ckpt/model.pt"), os.path.dirname("file.txt"))
print(os.path.splitext("model.tar.gz"), os.path.splitext(".hidden"), os.path.splitext("dir.d/file"))
print(os.path.split("/a/b/c"), os.sep)
print(os.environ.get("STANDIN_SURELY_UNSET_VARIABLE", "default"), os.getenv("STANDIN_SURELY_UNSET_VARIABLE"))
