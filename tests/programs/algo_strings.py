def is_palindrome(s):
    cleaned = [c.lower() for c in s if c.isalnum()]
    return cleaned == cleaned[::-1]
print(is_palindrome("A man, a plan, a canal: Panama"), is_palindrome("hello"))
def word_freq(text):
    freq = {}
    for w in text.lower().split():
        w = w.strip(".,!?")
        freq[w] = freq.get(w, 0) + 1
    return sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))
print(word_freq("the cat and the hat. The end!"))
def caesar(s, k):
    out = []
    for c in s:
        if c.isalpha():
            base = ord("a") if c.islower() else ord("A")
            out.append(chr((ord(c) - base + k) % 26 + base))
        else:
            out.append(c)
    return "".join(out)
enc = caesar("Hello, World!", 3)
print(enc, caesar(enc, -3))
def rle(s):
    if not s:
        return ""
    out, prev, n = [], s[0], 1
    for c in s[1:]:
        if c == prev:
            n += 1
        else:
            out.append(f"{n}{prev}")
            prev, n = c, 1
    out.append(f"{n}{prev}")
    return "".join(out)
print(rle("aaabccddddde"))
