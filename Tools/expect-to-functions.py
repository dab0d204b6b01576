#!/usr/bin/env python3
"""Rewrites `#expect(condition, comment)` in test files as calls of CaptionExpectations' functions:
`expectEqual(a, b, comment)` where the condition is one top-level `a == b` (`expectNil(a, comment)`
for `a == nil`), else `expectTrue(condition,
comment)`. Each `#expect` macro costs about 50 ms of compile time (its expansion type-checked); the
functions check the same condition and report the same failure place (issue 43).

Left as macros: `#expect(throws:)`, any condition with `await`, and every `#require`.
Usage: Tools/expect-to-functions.py FILE... (rewrites in place; prints how many it changed)."""
import re
import sys


def scan_string(s, i):
    """i at a string's opening quote(s) (possibly after #s); returns the index after its end."""
    hashes = 0
    while s[i] == '#':
        hashes += 1
        i += 1
    triple = s.startswith('"""', i)
    quote = '"""' if triple else '"'
    i += len(quote)
    close = quote + '#' * hashes
    while i < len(s):
        if s[i] == '\\' and s[i + 1:i + 1 + hashes] == '#' * hashes:
            j = i + 1 + hashes
            if j < len(s) and s[j] == '(':
                i = scan_group(s, j)
                continue
            i = j + 1
            continue
        if s.startswith(close, i):
            return i + len(close)
        i += 1
    raise ValueError('unterminated string')


def scan_group(s, i):
    """i at an opening bracket; returns the index after its matching closer."""
    pairs = {'(': ')', '[': ']', '{': '}'}
    stack = [pairs[s[i]]]
    i += 1
    while stack:
        c = s[i]
        if c == '"' or (c == '#' and re.match(r'#+"', s[i:])):
            i = scan_string(s, i)
            continue
        if s.startswith('//', i):
            i = s.index('\n', i)
            continue
        if c in pairs:
            stack.append(pairs[c])
        elif c in ')]}':
            if c != stack.pop():
                raise ValueError('unbalanced')
        i += 1
    return i


def top_level(s):
    """Yields (index, char) of characters outside any bracket or string."""
    i = 0
    while i < len(s):
        c = s[i]
        if c == '"' or (c == '#' and re.match(r'#+"', s[i:])):
            i = scan_string(s, i)
            continue
        if c in '([{':
            i = scan_group(s, i)
            continue
        yield i, c
        i += 1


def split_args(s):
    parts, start = [], 0
    for i, c in top_level(s):
        if c == ',':
            parts.append(s[start:i])
            start = i + 1
    parts.append(s[start:])
    return parts


OTHER_OPERATORS = re.compile(r'&&|\|\||\?\?|!=|===|<|>|\.\.\.|\.\.<|\?\s|\s:\s|\bas\b|\bis\b|!==')


def equality(condition):
    """(lhs, rhs) when the condition is exactly one top-level `==` and nothing looser."""
    flat = ''.join(c for _, c in top_level(condition))
    # Positions in `condition` of top-level `==`.
    positions = [i for i, c in top_level(condition) if condition.startswith('==', i) and not condition.startswith('===', i)
                 and (i == 0 or condition[i - 1] not in '=!<>')]
    if len(positions) != 1 or OTHER_OPERATORS.search(flat.replace('==', '  ')):
        return None
    i = positions[0]
    lhs, rhs = condition[:i].strip(), condition[i + 2:].strip()
    if not lhs or not rhs:
        return None
    # `try a() == b()` covers both sides; a tuple is not Equatable: those stay one condition.
    if lhs.startswith('try ') or any(side.startswith('(') and scan_group(side, 0) == len(side) and len(split_args(side[1:-1])) > 1
                                     for side in (lhs, rhs)):
        return None
    return lhs, rhs


def convert(text):
    out, i, changed = [], 0, 0
    while True:
        j = text.find('#expect(', i)
        if j < 0:
            out.append(text[i:])
            break
        out.append(text[i:j])
        end = scan_group(text, j + len('#expect'))
        inner = text[j + len('#expect('):end - 1]
        args = split_args(inner)
        condition = args[0]
        if re.match(r'\s*throws\s*:', condition) or 'await' in inner:
            out.append(text[j:end])
            i = end
            continue
        rest = ''.join(',' + a for a in args[1:])
        pair = equality(condition)
        lead = condition[:len(condition) - len(condition.lstrip())]
        if pair and pair[1] == 'nil':
            out.append('expectNil(' + lead + pair[0] + rest + ')')
        elif pair:
            out.append('expectEqual(' + lead + pair[0] + ', ' + pair[1] + rest + ')')
        else:
            out.append('expectTrue(' + condition + rest + ')')
        changed += 1
        i = end
    return ''.join(out), changed


if __name__ == '__main__':
    total = 0
    for path in sys.argv[1:]:
        with open(path) as f:
            text = f.read()
        new, n = convert(text)
        if n:
            with open(path, 'w') as f:
                f.write(new)
        total += n
    print(f'{total} expectations rewritten')
