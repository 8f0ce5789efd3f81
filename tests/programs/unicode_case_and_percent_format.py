# str's case mappings over all of Unicode (full mappings such as 'ß' -> 'SS',
# final sigma, title case of digraphs), the is* tests, strip of non-ASCII
# characters, and %-format / format-spec details: %c width, %a, the '0' flag
# with an explicit alignment, math.remainder.
import math

words = ["straße", "ΣΑΣ ΟΔΟΣ", "ǆungla", "ﬁnal", "İstanbul", "éa", "hello world", "ÀÉÎõü", "ŉ", "ꭰꭱ",
         "Σ", "aΣ", "aΣb", "a.Σ", "ǅemal", "ǈ", "ᾳ", "ﬀ ﬂ", "ǰ", "ΐ", "Ǆ", "ﬆ", "ABC def", "123abc", "a1b2"]
for w in words:
    print(repr(w), w.upper(), w.lower(), w.title(), w.swapcase(), w.capitalize(), w.casefold())
    print(" ", w.isupper(), w.islower(), w.isalpha(), w.istitle(), len(w.upper()), len(w.lower()))

for s in ["٣", "²", "½", "Ⅻ", "12", "一", "a b", "\u3000", "\xa0", "\u2028", "", "é", "—", "_", "ab1"]:
    print(repr(s), s.isdigit(), s.isdecimal(), s.isnumeric(), s.isalpha(), s.isalnum(), s.isspace())

print(repr("\xa0 héllo \u3000".strip()), repr("ééabcéé".strip("é")), repr("èéx".lstrip("é")), repr("xéè".rstrip("è")))
print(repr("abc".strip("é")), repr("  ab  ".strip()), repr("日本語日".strip("日")))


def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


t(lambda: math.remainder(7, 3))
t(lambda: math.remainder(7.5, 2))
t(lambda: math.remainder(-7.5, 2))
t(lambda: math.remainder(5, math.inf))
t(lambda: math.remainder(5, 0))
t(lambda: math.remainder(math.inf, 2))
t(lambda: '%5c|' % 'a')
t(lambda: '%-5c|' % 65)
t(lambda: '%05c|' % 65)
t(lambda: '%c' % 'ab')
t(lambda: '%c' % 1.5)
t(lambda: '%c' % -1)
t(lambda: '%a' % 'é\n')
t(lambda: '%a|%5a' % ('日本', 'x'))
t(lambda: '%05d|%-05d|%+05d|% 5d' % (3, 4, 5, 6))
t(lambda: '{:<05}|{:>05}|{:^05}|{:05}'.format(3, 4, 5, 6))
t(lambda: '{:<05}|{:=05}'.format(-3.5, -4))
t(lambda: format(7, '<08.2f'))
t(lambda: '{:0<5}'.format('ab'))
t(lambda: '{:05}'.format('ab'))
t(lambda: '{:x<05}'.format(7))
# ascii() and the f-string conversion !a (it printed the value unconverted)
print(ascii("é\n日\U0001F600"), ascii([1, "x", "ü"]), f'{"é"!a}', f'{[1, "日"]!a:>20}|', f"{3!a}", "%a" % "ß")


def conv(s):
    return f"{s!a}-{s!r}-{s!s}-{s}"


print(conv("é"), conv(1.5))
