text = "naïve café"
for ch in text:
    print(ch, end=".")
print()
print(list("abc"), [c for c in "héllo" if c != "l"], "".join(sorted("dcba")))
vowels = sum(1 for c in "programming language" if c in "aeiou")
print(vowels)
print(text[2], text[-1], text[1:5], len(text), text.upper(), text.find("é"))
print(text.split(" "), text.replace("é", "e"), "é" in text)
counts = {}
for c in "hello":
    counts[c] = counts.get(c, 0) + 1
print(counts)
