config = {"a": 1}
print(config["a"])
print(config["k"])
