s = 'single'
d = "double"
t = """triple
quoted"""
print(s, d, t)
print('esc: \t|\\|\'|\"|\x41|\u00e9|\U0001F600|\101|\n|end')
print(r'raw \n \t stays', R"also \d")
print("adjacent" " strings" 'join')
print(repr("it's"), repr('say "hi"'), repr('both \' and "'), repr("tab\there"), repr("\x00\x7f"), repr("é"))
print(len("héllo"), "héllo"[1], "héllo"[::-1], "abc" * 3, "a" + "b", "x" in "xyz", "q" not in "xyz")
print("line one\
 continued")
print(str(12), str(1.5), str(None), str(True), str([1, "a"]), repr([1, "a"]))
