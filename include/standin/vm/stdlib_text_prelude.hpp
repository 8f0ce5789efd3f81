// More of the standard library in guest code, compiled on first import: re
// (a backtracking matcher with Python's syntax and API), json (dumps/loads as
// CPython writes and reads text), string's constants, types' classes and
// numbers' tower of ABCs.
// Counterpart: CPython's Lib/re/, Lib/json/, Lib/string.py, Lib/types.py,
// Lib/numbers.py.
#pragma once

#include <standin/detail/macro_scope.hpp>

#include <string_view>

STANDIN_NAMESPACE_BEGIN

namespace detail::stdlib {

inline constexpr std::string_view re_source = R"PY(
# Regular expressions: a backtracking matcher over the pattern's parse tree
# (each node compiled to a function m(st, i, k) that calls the continuation
# k(j) with each way it matches s[i:j], most preferred first, and returns the
# match's end or -1). Python's syntax: classes, escapes, groups (named,
# non-capturing, lookaround, backreferences), greedy and lazy quantifiers,
# alternation, anchors, and the flags I, M, S, X, A.
I = IGNORECASE = 2
L = LOCALE = 4
M = MULTILINE = 8
S = DOTALL = 16
U = UNICODE = 32
X = VERBOSE = 64
A = ASCII = 256
NOFLAG = 0


class error(Exception):
    def __init__(self, msg, pattern=None, pos=None):
        Exception.__init__(self, msg if pos is None else msg + ' at position ' + str(pos))
        self.msg = msg
        self.pattern = pattern
        self.pos = pos


_SPECIAL = '.^$*+?{}[]\\|()'
_WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'


def _is_word(c):
    return c.isalnum() or c == '_'


def _is_space(c):
    return c in ' \t\n\r\f\v' or c.isspace()


# A set of characters: ranges and class escapes, maybe negated.
class _CharSet:
    def __init__(self, negate, chars, ranges, classes, icase):
        self.negate = negate
        self.chars = chars
        self.ranges = ranges
        self.classes = classes
        self.icase = icase

    def _has(self, c):
        if c in self.chars:
            return True
        for lo, hi in self.ranges:
            if lo <= c <= hi:
                return True
        for k in self.classes:
            if _class_has(k, c):
                return True
        return False

    def test(self, c):
        hit = self._has(c)
        if not hit and self.icase:
            hit = self._has(c.lower()) or self._has(c.upper())
        return hit != self.negate


def _class_has(k, c):
    if k == 'd':
        return c.isdigit()
    if k == 'D':
        return not c.isdigit()
    if k == 'w':
        return _is_word(c)
    if k == 'W':
        return not _is_word(c)
    if k == 's':
        return _is_space(c)
    return not _is_space(c)  # 'S'


_ESCAPES = {'n': '\n', 't': '\t', 'r': '\r', 'f': '\f', 'v': '\v', 'a': '\a', '0': '\0'}


class _Parser:
    def __init__(self, pattern, flags):
        self.p = pattern
        self.i = 0
        self.flags = flags
        self.ngroups = 0
        self.names = {}

    def error(self, msg, pos=None):
        raise error(msg, self.p, self.i if pos is None else pos)

    def peek(self):
        return self.p[self.i] if self.i < len(self.p) else ''

    def skip_verbose(self):
        if not self.flags & VERBOSE:
            return
        while self.i < len(self.p):
            c = self.p[self.i]
            if c in ' \t\n\r\f\v':
                self.i += 1
            elif c == '#':
                while self.i < len(self.p) and self.p[self.i] != '\n':
                    self.i += 1
            else:
                break

    def parse(self):
        # leading inline flags (?i), (?x)...
        while self.p.startswith('(?', self.i) and self.i + 2 < len(self.p) and self.p[self.i + 2] in 'aiLmsux':
            j = self.i + 2
            while j < len(self.p) and self.p[j] in 'aiLmsux':
                self.flags |= {'a': ASCII, 'i': IGNORECASE, 'L': LOCALE, 'm': MULTILINE, 's': DOTALL,
                               'u': UNICODE, 'x': VERBOSE}[self.p[j]]
                j += 1
            if j >= len(self.p) or self.p[j] != ')':
                break
            self.i = j + 1
        node = self.alternation()
        if self.i < len(self.p):
            if self.p[self.i] == ')':
                self.error('unbalanced parenthesis')
            self.error('unexpected character')
        return node

    def alternation(self):
        branches = [self.sequence()]
        while self.peek() == '|':
            self.i += 1
            branches.append(self.sequence())
        return branches[0] if len(branches) == 1 else ('alt', branches)

    def sequence(self):
        items = []
        while True:
            self.skip_verbose()
            c = self.peek()
            if c == '' or c == '|' or c == ')':
                break
            start = self.i
            atom = self.atom()
            self.skip_verbose()
            c = self.peek()
            if c in ('*', '+', '?', '{'):
                lo, hi = -1, -1
                if c == '{':
                    q = self.braces()
                    if q is None:
                        items.append(atom)
                        continue
                    lo, hi = q
                else:
                    self.i += 1
                    lo, hi = {'*': (0, None), '+': (1, None), '?': (0, 1)}[c]
                if atom[0] in ('bol', 'eol', 'bos', 'eos', 'wordb', 'nwordb') or atom == ('empty',):
                    self.error('nothing to repeat', start)
                if atom[0] == 'repeat':
                    self.error('multiple repeat', self.i - 1)
                greedy = True
                if self.peek() == '?':
                    self.i += 1
                    greedy = False
                elif self.peek() == '+':
                    self.i += 1  # possessive, matched as greedy
                atom = ('repeat', atom, lo, hi, greedy)
                if self.peek() in ('*', '+', '?') or (self.peek() == '{' and self.braces_at_start()):
                    self.error('multiple repeat', self.i)
            items.append(atom)
        if not items:
            return ('empty',)
        return items[0] if len(items) == 1 else ('seq', items)

    def braces(self):
        j = self.p.find('}', self.i)
        if j < 0:
            return None
        body = self.p[self.i + 1:j]
        if ',' in body:
            a, b = body.split(',', 1)
        else:
            a, b = body, body
        if not (a == '' or a.isdigit()) or not (b == '' or b.isdigit()) or (a == '' and b == '' and ',' not in body):
            return None
        if body == '':
            return None
        lo = int(a) if a else 0
        hi = int(b) if b else None
        if hi is not None and hi < lo:
            self.error('min repeat greater than max repeat', self.i + 1)
        self.i = j + 1
        return lo, hi

    def atom(self):
        c = self.p[self.i]
        if c == '(':
            return self.group()
        if c == '[':
            return self.charset()
        if c == '.':
            self.i += 1
            return ('any',)
        if c == '^':
            self.i += 1
            return ('bol',)
        if c == '$':
            self.i += 1
            return ('eol',)
        if c == '\\':
            return self.escape()
        if c in '*+?':
            self.error('nothing to repeat')
        if c == '{' and self.braces_at_start():
            self.error('nothing to repeat')
        self.i += 1
        return ('lit', c)

    def braces_at_start(self):
        save = self.i
        q = self.braces()
        self.i = save
        return q is not None

    def escape(self):
        self.i += 1
        if self.i >= len(self.p):
            self.error('bad escape (end of pattern)', self.i - 1)
        c = self.p[self.i]
        self.i += 1
        if c in 'dDwWsS':
            return ('set', _CharSet(False, '', [], [c], False))
        if c == 'b':
            return ('wordb',)
        if c == 'B':
            return ('nwordb',)
        if c == 'A':
            return ('bos',)
        if c == 'Z':
            return ('eos',)
        if c.isdigit() and c != '0':
            n = c
            if self.i < len(self.p) and self.p[self.i].isdigit():
                n += self.p[self.i]
                self.i += 1
            g = int(n)
            if g > self.ngroups:
                self.error('invalid group reference ' + n, self.i - len(n))
            return ('backref', g)
        return ('lit', self.escaped_char(c))

    def escaped_char(self, c):
        if c in _ESCAPES:
            return _ESCAPES[c]
        if c == 'x':
            h = self.p[self.i:self.i + 2]
            self.i += 2
            return chr(int(h, 16))
        if c == 'u':
            h = self.p[self.i:self.i + 4]
            self.i += 4
            return chr(int(h, 16))
        if c.isalnum():
            self.error('bad escape \\' + c, self.i - 2)
        return c

    def charset(self):
        start = self.i
        self.i += 1
        negate = False
        if self.peek() == '^':
            negate = True
            self.i += 1
        chars, ranges, classes = '', [], []
        first = True
        while True:
            if self.i >= len(self.p):
                self.error('unterminated character set', start)
            c = self.p[self.i]
            if c == ']' and not first:
                self.i += 1
                break
            first = False
            self.i += 1
            if c == '\\':
                e = self.p[self.i]
                self.i += 1
                if e in 'dDwWsS':
                    classes.append(e)
                    continue
                c = self.escaped_char(e) if e != 'b' else '\b'
            if self.peek() == '-' and self.i + 1 < len(self.p) and self.p[self.i + 1] != ']':
                self.i += 1
                hi = self.p[self.i]
                self.i += 1
                if hi == '\\':
                    hi = self.escaped_char(self.p[self.i])
                    self.i += 1
                if hi < c:
                    self.error('bad character range ' + c + '-' + hi, start)
                ranges.append((c, hi))
            else:
                chars += c
        return ('set', _CharSet(negate, chars, ranges, classes, bool(self.flags & IGNORECASE)))

    def group(self):
        start = self.i
        self.i += 1
        kind, name = 'group', None
        if self.p.startswith('?', self.i):
            self.i += 1
            c = self.peek()
            if c == ':':
                self.i += 1
                kind = 'nocap'
            elif c == 'P' and self.p.startswith('P<', self.i):
                j = self.p.find('>', self.i)
                name = self.p[self.i + 2:j]
                if not name.isidentifier():
                    self.error("bad character in group name '" + name + "'", self.i + 2)
                if name in self.names:
                    self.error("redefinition of group name '" + name + "'", self.i + 2)
                self.i = j + 1
            elif c == 'P' and self.p.startswith('P=', self.i):
                j = self.p.find(')', self.i)
                name = self.p[self.i + 2:j]
                if name not in self.names:
                    self.error("unknown group name '" + name + "'", self.i + 2)
                self.i = j + 1
                return ('backref', self.names[name])
            elif c == '=' or c == '!':
                self.i += 1
                kind = 'ahead' if c == '=' else 'nahead'
            elif c == '<' and self.p[self.i + 1:self.i + 2] in ('=', '!'):
                kind = 'behind' if self.p[self.i + 1] == '=' else 'nbehind'
                self.i += 2
            elif c == '#':
                j = self.p.find(')', self.i)
                self.i = j + 1
                return ('empty',)
            else:
                self.error('unknown extension ?' + c, self.i - 1)
        if kind == 'group':
            self.ngroups += 1
            index = self.ngroups
            if name is not None:
                self.names[name] = index
        body = self.alternation()
        if self.peek() != ')':
            self.error('missing ), unterminated subpattern', start)
        self.i += 1
        if kind == 'group':
            return ('group', index, body)
        if kind == 'nocap':
            return body
        return (kind, body)


class _State:
    def __init__(self, s, pos, endpos, ngroups, flags):
        self.s = s
        self.pos = pos
        self.end = endpos
        self.caps = [None] * (ngroups + 1)
        self.flags = flags


def _fail(j):
    return -1


def _compile_node(node, flags):
    kind = node[0]
    icase = flags & IGNORECASE
    if kind == 'empty':
        return lambda st, i, k: k(i)
    if kind == 'lit':
        ch = node[1]
        if icase:
            low = ch.lower()
            return lambda st, i, k: k(i + 1) if i < st.end and st.s[i].lower() == low else -1
        return lambda st, i, k: k(i + 1) if i < st.end and st.s[i] == ch else -1
    if kind == 'any':
        if flags & DOTALL:
            return lambda st, i, k: k(i + 1) if i < st.end else -1
        return lambda st, i, k: k(i + 1) if i < st.end and st.s[i] != '\n' else -1
    if kind == 'set':
        cs = node[1]
        return lambda st, i, k: k(i + 1) if i < st.end and cs.test(st.s[i]) else -1
    if kind == 'seq':
        parts = [_compile_node(n, flags) for n in node[1]]
        return _chain(parts)
    if kind == 'alt':
        options = [_compile_node(n, flags) for n in node[1]]

        def alt(st, i, k):
            for m in options:
                r = m(st, i, k)
                if r >= 0:
                    return r
            return -1
        return alt
    if kind == 'group':
        n = node[1]
        body = _compile_node(node[2], flags)

        def group(st, i, k):
            def close(j):
                saved = st.caps[n]
                st.caps[n] = (i, j)
                r = k(j)
                if r < 0:
                    st.caps[n] = saved
                return r
            return body(st, i, close)
        return group
    if kind == 'backref':
        n = node[1]

        def backref(st, i, k):
            span = st.caps[n]
            if span is None:
                return -1
            text = st.s[span[0]:span[1]]
            j = i + len(text)
            got = st.s[i:j]
            if j <= st.end and (got == text or (icase and got.lower() == text.lower())):
                return k(j)
            return -1
        return backref
    if kind == 'bol':
        if flags & MULTILINE:
            return lambda st, i, k: k(i) if i == 0 or st.s[i - 1] == '\n' else -1
        return lambda st, i, k: k(i) if i == 0 else -1
    if kind == 'eol':
        if flags & MULTILINE:
            return lambda st, i, k: k(i) if i == st.end or st.s[i] == '\n' else -1
        return lambda st, i, k: k(i) if i == st.end or (i == st.end - 1 and st.s[i] == '\n') else -1
    if kind == 'bos':
        return lambda st, i, k: k(i) if i == 0 else -1
    if kind == 'eos':
        return lambda st, i, k: k(i) if i == st.end else -1
    if kind == 'wordb' or kind == 'nwordb':
        want = kind == 'wordb'

        def boundary(st, i, k):
            before = i > 0 and _is_word(st.s[i - 1])
            after = i < st.end and _is_word(st.s[i])
            return k(i) if (before != after) == want else -1
        return boundary
    if kind in ('ahead', 'nahead'):
        body = _compile_node(node[1], flags)
        positive = kind == 'ahead'

        def ahead(st, i, k):
            found = body(st, i, lambda j: j) >= 0
            return k(i) if found == positive else -1
        return ahead
    if kind in ('behind', 'nbehind'):
        body = _compile_node(node[1], flags)
        positive = kind == 'behind'

        def behind(st, i, k):
            found = False
            for start in range(i, -1, -1):
                if body(st, start, lambda j: j if j == i else -1) >= 0:
                    found = True
                    break
            return k(i) if found == positive else -1
        return behind
    if kind == 'repeat':
        return _compile_repeat(node, flags)
    raise error('internal: ' + kind)


def _chain(parts):
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    rest = _chain(parts[1:])
    return lambda st, i, k: first(st, i, lambda j: rest(st, j, k))


def _single_char_test(node, flags):
    # A test for one character when the node matches exactly one, else None.
    kind = node[0]
    if kind == 'lit':
        ch = node[1]
        if flags & IGNORECASE:
            low = ch.lower()
            return lambda c: c.lower() == low
        return lambda c: c == ch
    if kind == 'any':
        if flags & DOTALL:
            return lambda c: True
        return lambda c: c != '\n'
    if kind == 'set':
        return node[1].test
    return None


def _compile_repeat(node, flags):
    _, child, lo, hi, greedy = node
    test = _single_char_test(child, flags)
    if test is not None:
        # One character at a time: the run's length found by scanning, then
        # tried longest first (greedy) or shortest first (lazy), without recursion.
        def simple(st, i, k):
            limit = st.end if hi is None else min(st.end, i + hi)
            j = i
            s = st.s
            if greedy:
                while j < limit and test(s[j]):
                    j += 1
                while j >= i + lo:
                    r = k(j)
                    if r >= 0:
                        return r
                    j -= 1
                return -1
            while j < i + lo:
                if j >= limit or not test(s[j]):
                    return -1
                j += 1
            while True:
                r = k(j)
                if r >= 0:
                    return r
                if j >= limit or not test(s[j]):
                    return -1
                j += 1
        return simple
    body = _compile_node(child, flags)

    def rep(st, i, k, count=0):
        def more(j):
            if j == i and count >= lo:
                return -1  # an empty iteration ends the loop
            return rep(st, j, k, count + 1)
        can_more = hi is None or count < hi
        if greedy:
            if can_more:
                r = body(st, i, more)
                if r >= 0:
                    return r
            return k(i) if count >= lo else -1
        if count >= lo:
            r = k(i)
            if r >= 0:
                return r
        return body(st, i, more) if can_more else -1
    return rep


class Match:
    def __init__(self, pattern, st, start, end):
        self.re = pattern
        self.string = st.s
        self.pos = st.pos
        self.endpos = st.end
        self._spans = [(start, end)] + st.caps[1:]

    def span(self, group=0):
        sp = self._spans[self._index(group)]
        return sp if sp is not None else (-1, -1)

    def start(self, group=0):
        return self.span(group)[0]

    def end(self, group=0):
        return self.span(group)[1]

    def _index(self, g):
        if isinstance(g, str):
            if g not in self.re.groupindex:
                raise IndexError('no such group')
            return self.re.groupindex[g]
        if not isinstance(g, int) or g < 0 or g >= len(self._spans):
            raise IndexError('no such group')
        return g

    def _get(self, g, default=None):
        sp = self._spans[self._index(g)]
        return default if sp is None else self.string[sp[0]:sp[1]]

    def group(self, *groups):
        if not groups:
            return self._get(0)
        if len(groups) == 1:
            return self._get(groups[0])
        return tuple(self._get(g) for g in groups)

    def __getitem__(self, g):
        return self._get(g)

    def groups(self, default=None):
        return tuple(self._get(i, default) for i in range(1, len(self._spans)))

    def groupdict(self, default=None):
        return {name: self._get(i, default) for name, i in self.re.groupindex.items()}

    @property
    def lastindex(self):
        best, best_end = None, -1
        for i in range(1, len(self._spans)):
            sp = self._spans[i]
            if sp is not None and sp[1] >= best_end:
                best, best_end = i, sp[1]
        return best

    @property
    def lastgroup(self):
        li = self.lastindex
        for name, i in self.re.groupindex.items():
            if i == li:
                return name
        return None

    def expand(self, template):
        return _expand(self, template)

    def __bool__(self):
        return True

    def __repr__(self):
        return '<re.Match object; span=' + repr(self.span()) + ', match=' + repr(self.group()) + '>'


class Pattern:
    def __init__(self, pattern, flags):
        if isinstance(pattern, Pattern):
            pattern = pattern.pattern
        if not isinstance(pattern, str):
            raise TypeError('first argument must be string or compiled pattern')
        parser = _Parser(pattern, flags)
        tree = parser.parse()
        self.pattern = pattern
        self.flags = parser.flags | UNICODE if not parser.flags & ASCII else parser.flags
        self.groups = parser.ngroups
        self.groupindex = dict(parser.names)
        self._m = _compile_node(tree, parser.flags)

    # mode: 0 any match at i, 1 one that ends at endpos, 2 a non-empty one.
    def _at(self, string, pos, endpos, i, mode=0):
        st = _State(string, pos, endpos, self.groups, self.flags)
        if mode == 1:
            end = self._m(st, i, lambda j: j if j == endpos else -1)
        elif mode == 2:
            end = self._m(st, i, lambda j: j if j > i else -1)
        else:
            end = self._m(st, i, lambda j: j)
        if end < 0:
            return None
        return Match(self, st, i, end)

    def _bounds(self, string, pos, endpos):
        if not isinstance(string, str):
            raise TypeError("expected string or bytes-like object, got '" + type(string).__name__ + "'")
        n = len(string)
        endpos = n if endpos is None else max(0, min(endpos, n))
        pos = max(0, min(pos, n))
        return pos, endpos

    def match(self, string, pos=0, endpos=None):
        pos, endpos = self._bounds(string, pos, endpos)
        return self._at(string, pos, endpos, pos)

    def fullmatch(self, string, pos=0, endpos=None):
        pos, endpos = self._bounds(string, pos, endpos)
        return self._at(string, pos, endpos, pos, 1)

    def search(self, string, pos=0, endpos=None):
        pos, endpos = self._bounds(string, pos, endpos)
        for i in range(pos, endpos + 1):
            m = self._at(string, pos, endpos, i)
            if m is not None:
                return m
        return None

    # Successive matches; after an empty match at p, the next may not be
    # empty at p (it may be a longer one there), as CPython 3.7+ does.
    def finditer(self, string, pos=0, endpos=None):
        pos, endpos = self._bounds(string, pos, endpos)
        i = pos
        no_empty_at = -1
        while i <= endpos:
            m = None
            for j in range(i, endpos + 1):
                m = self._at(string, pos, endpos, j, 2 if j == no_empty_at else 0)
                if m is not None:
                    break
            if m is None:
                return
            yield m
            s, e = m.span()
            i = e
            no_empty_at = e if s == e else -1

    def findall(self, string, pos=0, endpos=None):
        out = []
        for m in self.finditer(string, pos, endpos):
            if self.groups == 0:
                out.append(m.group())
            elif self.groups == 1:
                out.append(m._get(1, ''))
            else:
                out.append(m.groups(''))
        return out

    def split(self, string, maxsplit=0):
        out = []
        last = 0
        n = 0
        for m in self.finditer(string):
            if maxsplit and n >= maxsplit:
                break
            s, e = m.span()
            out.append(string[last:s])
            out.extend(m.groups())
            last = e
            n += 1
        out.append(string[last:])
        return out

    def subn(self, repl, string, count=0):
        parts = []
        last = 0
        n = 0
        for m in self.finditer(string):
            if count and n >= count:
                break
            s, e = m.span()
            parts.append(string[last:s])
            parts.append(repl(m) if callable(repl) else _expand(m, repl))
            last = e
            n += 1
        parts.append(string[last:])
        return ''.join(parts), n

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def __repr__(self):
        return 're.compile(' + repr(self.pattern) + ')'

    def __eq__(self, other):
        return isinstance(other, Pattern) and self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))


def _expand(m, template):
    out = []
    i = 0
    n = len(template)
    while i < n:
        c = template[i]
        if c != '\\' or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        e = template[i + 1]
        if e == 'g' and template.startswith('<', i + 2):
            j = template.find('>', i + 3)
            name = template[i + 3:j]
            out.append(m._get(int(name) if name.isdigit() else name, '') or '')
            i = j + 1
        elif e.isdigit():
            j = i + 2
            if j < n and template[j].isdigit():
                j += 1
            g = int(template[i + 1:j])
            if g > m.re.groups:
                raise error('invalid group reference ' + str(g), template, i + 1)
            out.append(m._get(g, '') or '')
            i = j
        elif e in _ESCAPES:
            out.append(_ESCAPES[e])
            i += 2
        elif e == '\\':
            out.append('\\')
            i += 2
        elif e.isalpha():
            raise error('bad escape \\' + e, template, i)
        else:
            out.append('\\' + e)
            i += 2
    return ''.join(out)


_cache = {}


def compile(pattern, flags=0):
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError('cannot process flags argument with a compiled pattern')
        return pattern
    key = (type(pattern), pattern, flags)
    p = _cache.get(key)
    if p is None:
        if len(_cache) >= 512:
            _cache.clear()
        p = Pattern(pattern, flags)
        _cache[key] = p
    return p


def match(pattern, string, flags=0):
    return compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return compile(pattern, flags).search(string)


def findall(pattern, string, flags=0):
    return compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return compile(pattern, flags).finditer(string)


def split(pattern, string, maxsplit=0, flags=0):
    return compile(pattern, flags).split(string, maxsplit)


def sub(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).subn(repl, string, count)


def escape(pattern):
    return ''.join('\\' + c if c in _ESCAPED else c for c in pattern)


_ESCAPED = '()[]{}?*+-|^$\\.&~# \t\n\r\v\f'


def purge():
    _cache.clear()
)PY";

inline constexpr std::string_view json_source = R"PY(
# JSON: dumps/loads (and dump/load on file objects) as CPython's json module
# writes and reads text: its separators, indentation, key sorting, escapes
# (ensure_ascii), Infinity/NaN, and JSONDecodeError's messages.
class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        ValueError.__init__(self, msg + ': line ' + str(lineno) + ' column ' + str(colno) + ' (char ' + str(pos) + ')')
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


_ESC = {'"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f'}


def _quote(s, ensure_ascii):
    out = ['"']
    for c in s:
        e = _ESC.get(c)
        if e is not None:
            out.append(e)
        elif c < ' ':
            out.append('\\u' + format(ord(c), '04x'))
        elif ensure_ascii and ord(c) > 126:
            n = ord(c)
            if n > 0xFFFF:
                n -= 0x10000
                out.append('\\u' + format(0xD800 | (n >> 10), '04x') + '\\u' + format(0xDC00 | (n & 0x3FF), '04x'))
            else:
                out.append('\\u' + format(n, '04x'))
        else:
            out.append(c)
    out.append('"')
    return ''.join(out)


def _float(f, allow_nan):
    if f != f:
        text = 'NaN'
    elif f == float('inf'):
        text = 'Infinity'
    elif f == -float('inf'):
        text = '-Infinity'
    else:
        return repr(f)
    if not allow_nan:
        raise ValueError('Out of range float values are not JSON compliant')
    return text


class JSONEncoder:
    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        if indent is not None and not isinstance(indent, str):
            indent = ' ' * indent
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator, self.key_separator = ',', ': '
        else:
            self.item_separator, self.key_separator = ', ', ': '
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError('Object of type ' + type(o).__name__ + ' is not JSON serializable')

    def encode(self, o):
        out = []
        self._encode(o, out, 0, [])
        return ''.join(out)

    def _key(self, k):
        if isinstance(k, str):
            return k
        if k is True:
            return 'true'
        if k is False:
            return 'false'
        if k is None:
            return 'null'
        if isinstance(k, float):
            return _float(k, self.allow_nan)
        if isinstance(k, int):
            return str(int(k))
        return None

    def _encode(self, o, out, level, stack):
        if isinstance(o, str):
            out.append(_quote(o, self.ensure_ascii))
        elif o is None:
            out.append('null')
        elif o is True:
            out.append('true')
        elif o is False:
            out.append('false')
        elif isinstance(o, int):
            out.append(str(int(o)))
        elif isinstance(o, float):
            out.append(_float(o, self.allow_nan))
        elif isinstance(o, (list, tuple, dict)):
            for s in stack:
                if s is o:
                    raise ValueError('Circular reference detected')
            stack.append(o)
            if isinstance(o, dict):
                self._encode_dict(o, out, level, stack)
            else:
                self._encode_list(o, out, level, stack)
            stack.pop()
        else:
            self._encode(self.default(o), out, level, stack)

    def _open(self, out, level):
        if self.indent is None:
            return self.item_separator
        sep = '\n' + self.indent * (level + 1)
        out.append(sep)
        return self.item_separator.rstrip(' ') + sep if self.item_separator.endswith(' ') else self.item_separator + sep

    def _close(self, out, level):
        if self.indent is not None:
            out.append('\n' + self.indent * level)

    def _encode_list(self, o, out, level, stack):
        if not o:
            out.append('[]')
            return
        out.append('[')
        sep = self._open(out, level)
        first = True
        for item in o:
            if not first:
                out.append(sep)
            first = False
            self._encode(item, out, level + 1, stack)
        self._close(out, level)
        out.append(']')

    def _encode_dict(self, o, out, level, stack):
        if not o:
            out.append('{}')
            return
        items = list(o.items())
        if self.sort_keys:
            items.sort(key=lambda kv: kv[0])
        out.append('{')
        sep = self._open(out, level)
        first = True
        for k, v in items:
            key = self._key(k)
            if key is None:
                if self.skipkeys:
                    continue
                raise TypeError('keys must be str, int, float, bool or None, not ' + type(k).__name__)
            if not first:
                out.append(sep)
            first = False
            out.append(_quote(key, self.ensure_ascii))
            out.append(self.key_separator)
            self._encode(v, out, level + 1, stack)
        self._close(out, level)
        out.append('}')


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
          separators=None, default=None, sort_keys=False, **kw):
    cls = JSONEncoder if cls is None else cls
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular, allow_nan=allow_nan,
               indent=indent, separators=separators, default=default, sort_keys=sort_keys, **kw).encode(obj)


def dump(obj, fp, **kw):
    fp.write(dumps(obj, **kw))


class _Decoder:
    def __init__(self, s, object_hook, object_pairs_hook, parse_float, parse_int, parse_constant):
        self.s = s
        self.object_hook = object_hook
        self.object_pairs_hook = object_pairs_hook
        self.parse_float = parse_float
        self.parse_int = parse_int
        self.parse_constant = parse_constant

    def ws(self, i):
        s = self.s
        while i < len(s) and s[i] in ' \t\n\r':
            i += 1
        return i

    def value(self, i):
        s = self.s
        if i >= len(s):
            raise JSONDecodeError('Expecting value', s, i)
        c = s[i]
        if c == '"':
            return self.string(i + 1)
        if c == '{':
            return self.obj(i + 1)
        if c == '[':
            return self.arr(i + 1)
        for word, val in (('null', None), ('true', True), ('false', False)):
            if s.startswith(word, i):
                return val, i + len(word)
        for word in ('NaN', 'Infinity', '-Infinity'):
            if s.startswith(word, i):
                return self.parse_constant(word), i + len(word)
        j = i
        if j < len(s) and s[j] == '-':
            j += 1
        if j >= len(s) or not s[j].isdigit():
            raise JSONDecodeError('Expecting value', s, i)
        if s[j] == '0':
            j += 1
        else:
            while j < len(s) and s[j].isdigit():
                j += 1
        is_float = False
        if j + 1 < len(s) and s[j] == '.' and s[j + 1].isdigit():
            is_float = True
            j += 1
            while j < len(s) and s[j].isdigit():
                j += 1
        if j < len(s) and s[j] in 'eE':
            k = j + 1
            if k < len(s) and s[k] in '+-':
                k += 1
            if k < len(s) and s[k].isdigit():
                is_float = True
                j = k
                while j < len(s) and s[j].isdigit():
                    j += 1
        text = s[i:j]
        return (self.parse_float(text) if is_float else self.parse_int(text)), j

    def string(self, i):
        s = self.s
        out = []
        start = i - 1
        while True:
            if i >= len(s):
                raise JSONDecodeError('Unterminated string starting at', s, start)
            c = s[i]
            if c == '"':
                return ''.join(out), i + 1
            if c == '\\':
                i += 1
                if i >= len(s):
                    raise JSONDecodeError('Unterminated string starting at', s, start)
                e = s[i]
                if e == 'u':
                    code = s[i + 1:i + 5]
                    if len(code) != 4 or any(h not in '0123456789abcdefABCDEF' for h in code):
                        raise JSONDecodeError('Invalid \\uXXXX escape', s, i - 1)
                    n = int(code, 16)
                    i += 5
                    if 0xD800 <= n < 0xDC00 and s.startswith('\\u', i):
                        low = int(s[i + 2:i + 6], 16)
                        if 0xDC00 <= low < 0xE000:
                            n = 0x10000 + ((n - 0xD800) << 10) + (low - 0xDC00)
                            i += 6
                    out.append(chr(n))
                    continue
                m = {'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}.get(e)
                if m is None:
                    raise JSONDecodeError('Invalid \\escape', s, i - 1)
                out.append(m)
                i += 1
                continue
            if c < ' ':
                raise JSONDecodeError('Invalid control character at', s, i)
            out.append(c)
            i += 1

    def obj(self, i):
        s = self.s
        pairs = []
        i = self.ws(i)
        if i < len(s) and s[i] == '}':
            return self.finish_obj(pairs), i + 1
        while True:
            i = self.ws(i)
            if i >= len(s) or s[i] != '"':
                raise JSONDecodeError('Expecting property name enclosed in double quotes', s, i)
            key, i = self.string(i + 1)
            i = self.ws(i)
            if i >= len(s) or s[i] != ':':
                raise JSONDecodeError("Expecting ':' delimiter", s, i)
            i = self.ws(i + 1)
            val, i = self.value(i)
            pairs.append((key, val))
            i = self.ws(i)
            if i < len(s) and s[i] == '}':
                return self.finish_obj(pairs), i + 1
            if i >= len(s) or s[i] != ',':
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i += 1

    def finish_obj(self, pairs):
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs)
        d = dict(pairs)
        return self.object_hook(d) if self.object_hook is not None else d

    def arr(self, i):
        s = self.s
        items = []
        i = self.ws(i)
        if i < len(s) and s[i] == ']':
            return items, i + 1
        while True:
            i = self.ws(i)
            val, i = self.value(i)
            items.append(val)
            i = self.ws(i)
            if i < len(s) and s[i] == ']':
                return items, i + 1
            if i >= len(s) or s[i] != ',':
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i += 1


def _constant(word):
    return {'NaN': float('nan'), 'Infinity': float('inf'), '-Infinity': -float('inf')}[word]


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
          object_pairs_hook=None, **kw):
    if not isinstance(s, str):
        raise TypeError('the JSON object must be str, bytes or bytearray, not ' + type(s).__name__)
    d = _Decoder(s, object_hook, object_pairs_hook, parse_float or float, parse_int or int, parse_constant or _constant)
    i = d.ws(0)
    val, i = d.value(i)
    i = d.ws(i)
    if i != len(s):
        raise JSONDecodeError('Extra data', s, i)
    return val


def load(fp, **kw):
    return loads(fp.read(), **kw)
)PY";

inline constexpr std::string_view string_source = R"PY(
# The string module's constants and capwords.
whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = '!"#$%&' + "'" + '()*+,-./:;<=>?@[\\]^_`{|}~'
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    return (sep or ' ').join(w.capitalize() for w in s.split(sep))


# Template: $name, ${name} and $$, scanned by hand (CPython's uses a regex
# of the same grammar: an identifier of ASCII letters, digits and _).
class Template:
    delimiter = '$'

    def __init__(self, template):
        self.template = template

    def _substitute(self, mapping, safe):
        t = self.template
        out = []
        i = 0
        n = len(t)
        while i < n:
            c = t[i]
            if c != '$':
                out.append(c)
                i += 1
                continue
            if i + 1 < n and t[i + 1] == '$':
                out.append('$')
                i += 2
                continue
            braced = i + 1 < n and t[i + 1] == '{'
            j = i + 2 if braced else i + 1
            k = j
            while k < n and (t[k] == '_' or t[k] in ascii_letters or (k > j and t[k] in digits)):
                k += 1
            name = t[j:k]
            if not name or (braced and (k >= n or t[k] != '}')):
                if safe:
                    out.append('$')
                    i += 1
                    continue
                line = t[:i].count('\n') + 1
                col = i - (t.rfind('\n', 0, i) + 1) + 1
                raise ValueError('Invalid placeholder in string: line ' + str(line) + ', col ' + str(col))
            end = k + 1 if braced else k
            if name in mapping:
                out.append(str(mapping[name]))
            elif safe:
                out.append(t[i:end])
            else:
                raise KeyError(name)
            i = end
        return ''.join(out)

    def substitute(self, mapping=None, /, **kws):
        return self._substitute(_merge(mapping, kws), False)

    def safe_substitute(self, mapping=None, /, **kws):
        return self._substitute(_merge(mapping, kws), True)


def _merge(mapping, kws):
    if mapping is None:
        return kws
    if not kws:
        return mapping
    merged = dict(mapping)
    merged.update(kws)
    return merged
)PY";

inline constexpr std::string_view types_source = R"PY(
# The types module: the classes of functions, methods, generators and
# modules, SimpleNamespace and MappingProxyType.
import sys as _sys


class SimpleNamespace:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        return 'namespace(' + ', '.join(k + '=' + repr(v) for k, v in self.__dict__.items()) + ')'

    def __eq__(self, other):
        if not isinstance(other, SimpleNamespace):
            return NotImplemented
        return self.__dict__ == other.__dict__


class _C:
    def _m(self):
        pass


def _g():
    yield


FunctionType = LambdaType = type(_g)
MethodType = type(_C()._m)
BuiltinFunctionType = BuiltinMethodType = type(len)
GeneratorType = type(_g())
ModuleType = type(_sys)
NoneType = type(None)
del _C, _g


class UnionType:
    # X | Y of classes (PEP 604): isinstance and issubclass check each member.
    def __init__(self, args):
        flat = []
        for a in args:
            for m in (a.__args__ if isinstance(a, UnionType) else (a,)):
                m = NoneType if m is None else m
                if m not in flat:
                    flat.append(m)
        self.__args__ = tuple(flat)

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__args__)

    def __subclasscheck__(self, cls):
        return issubclass(cls, self.__args__)

    def __or__(self, other):
        return UnionType((self, other))

    def __ror__(self, other):
        return UnionType((other, self))

    def __eq__(self, other):
        return isinstance(other, UnionType) and set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __repr__(self):
        return ' | '.join('None' if a is NoneType else a.__qualname__ if isinstance(a, type) else repr(a)
                          for a in self.__args__)


# list[int], dict[str, Tensor], deque[int] (PEP 585): a class subscripted,
# for annotations; calling it makes an instance of the class, and it cannot
# be an isinstance() check.
class GenericAlias:
    def __init__(self, origin, args):
        self.__origin__ = origin
        self.__args__ = args if isinstance(args, tuple) else (args,)
        self.__parameters__ = ()

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __getattr__(self, name):
        if name in ('__name__', '__qualname__') or not name.startswith('__'):
            return getattr(self.__origin__, name)
        raise AttributeError("'types.GenericAlias' object has no attribute '" + name + "'")

    def __instancecheck__(self, obj):
        raise TypeError('isinstance() argument 2 cannot be a parameterized generic')

    def __subclasscheck__(self, cls):
        raise TypeError('issubclass() argument 2 cannot be a parameterized generic')

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return self.__origin__ is other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __or__(self, other):
        return UnionType((self, other))

    def __ror__(self, other):
        return UnionType((other, self))

    def __repr__(self):
        args = ', '.join(_alias_item_repr(a) for a in self.__args__) if self.__args__ else '()'
        return _alias_item_repr(self.__origin__) + '[' + args + ']'


def _alias_item_repr(a):
    if a is Ellipsis:
        return '...'
    if isinstance(a, type):
        module = getattr(a, '__module__', 'builtins')
        return a.__qualname__ if module == 'builtins' else module + '.' + a.__qualname__
    return repr(a)


# MappingProxyType: a read-only view of a mapping (it sees later changes).
class mappingproxy:
    def __init__(self, mapping):
        if not hasattr(mapping, 'keys') or not hasattr(mapping, '__getitem__') or isinstance(mapping, (list, tuple)):
            raise TypeError('mappingproxy() argument must be a mapping, not ' + type(mapping).__name__)
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()

    def __eq__(self, other):
        return self._mapping == other

    def __or__(self, other):
        return dict(self._mapping) | other

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item assignment")

    def __delitem__(self, key):
        raise TypeError("'mappingproxy' object does not support item deletion")

    def __repr__(self):
        return 'mappingproxy(' + repr(self._mapping) + ')'

    def __str__(self):
        return str(self._mapping)


MappingProxyType = mappingproxy
)PY";

inline constexpr std::string_view numbers_source = R"PY(
# The numeric tower as abstract classes (isinstance checks only); the
# built-in numbers are registered at every level they belong to (standin's
# ABC registry is not inherited by the classes above).
from abc import ABC


class Number(ABC):
    __hash__ = None


class Complex(Number):
    pass


class Real(Complex):
    pass


class Rational(Real):
    pass


class Integral(Rational):
    pass


for _cls in (Number, Complex, Real, Rational, Integral):
    _cls.register(int)
for _cls in (Number, Complex, Real):
    _cls.register(float)
del _cls
)PY";

}  // namespace detail::stdlib

STANDIN_NAMESPACE_END
