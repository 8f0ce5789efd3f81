n = int("12")
print(n)
m = int("twelve")
