#!/usr/bin/env python3
"""Bats assertions that cannot fail, found by reading the tests as bash parses them.

A bats test fails when a command fails under errexit, and bash's errexit ignores three kinds of
failure: of any command of an && list but the last (`[ "$n" -ge 1 ] && [ "$n" -le 3 ]` passes
with n=0), of a `!` pipeline (`! grep -q x f` in mid-test passes whatever grep finds), and of a
command substitution inside another command's words (`echo "$(check)"`, `local x=$(check)`).
Each check prints one TAP line, as house.py's do, with what broke it under it; tests/run-all.sh
counts them. The first says every file was read to its end (a file the parser cannot read is
one the other three cannot see); the others find:

- a statement that is only tests (`[ ]`, `[[ ]]`, `test`, `grep -q`) joined by &&, outside an
  if's or a loop's condition: split it into one test a line;
- a `!` pipeline in a statement without || (in `! a || b`, b carries the status), other than
  the last statement of its @test or function: `run ! cmd` (bats 1.5) says the same and fails;
- echo or printf with `$(NAME` among its words, NAME a function of the files read, and local,
  declare, export, readonly or typeset given `$(...)` in an assignment: assign first
  (`out=$(check)` fails under errexit), then print or declare.

Heredoc bodies (the Python, awk and shell scripts handed to other programs) are not read.

    python3 tests/static/bats_lint.py [--root DIR]

--root reads another copy of the tree: tests/static/test_bats_lint.py plants a violation of each
check in one and expects that check, and no other, to fail naming it.
"""
import glob
import os
import re
import sys

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# What is read, relative to the tree.
PATTERNS = ("tests/cli/*.bats", "tests/cli/*.bash", "tests/vm/*.bats")
# Where the words after them are a condition, not an assertion, up to the word that ends it.
CONDITION_ENDS = {"if": "then", "elif": "then", "while": "do", "until": "do"}
# Words that end a list where they begin a command.
RESERVED_ENDS = {"then", "else", "elif", "fi", "do", "done", "esac", "}"}
# A word that an array's ( ... ) continues: NAME=( or NAME+=(.
ARRAY_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\+?=")
DECLARES = ("local", "declare", "export", "readonly", "typeset")


class ParseError(Exception):
    pass


# ---- the lexer: words and operators with their lines; quotes, $(...), ${...}, `...`, (( ))
# and heredocs each kept whole, comments dropped.

class Lexer:
    def __init__(self, text):
        self.s = text
        self.i = 0
        self.line = 1
        self.tokens = []  # (kind, text, line): kind "word", "op" or "nl"
        self.heredocs = []  # (delimiter, strip tabs) waiting for the next newline

    def error(self, why):
        raise ParseError(f"line {self.line}: {why}")

    def advance(self, n=1):
        self.line += self.s.count("\n", self.i, self.i + n)
        self.i += n

    def peek(self, n=0):
        j = self.i + n
        return self.s[j] if j < len(self.s) else ""

    def run(self):
        s = self.s
        while self.i < len(s):
            c = s[self.i]
            if c in " \t":
                self.advance()
            elif c == "\\" and self.peek(1) == "\n":
                self.advance(2)
            elif c == "\n":
                self.tokens.append(("nl", "\n", self.line))
                self.advance()
                self.read_heredocs()
            elif c == "#":
                while self.i < len(s) and s[self.i] != "\n":
                    self.i += 1
            elif s.startswith("((", self.i):
                line = self.line
                start = self.i
                self.advance(2)
                self.skip_balanced("(", ")", depth=2)
                self.tokens.append(("word", s[start:self.i], line))
            elif s.startswith(("&&", "||", ";;", "|&"), self.i):
                self.tokens.append(("op", s[self.i:self.i + 2], self.line))
                self.advance(2)
            elif c in ";|()" or (c == "&" and self.peek(1) != ">"):
                self.tokens.append(("op", c, self.line))
                self.advance()
            else:
                self.read_word()
        return self.tokens

    def read_heredocs(self, pending=None):
        """The bodies of the heredocs opened on the line just ended, skipped."""
        pending = self.heredocs if pending is None else pending
        for delim, strip in pending:
            while self.i < len(self.s):
                end = self.s.find("\n", self.i)
                end = len(self.s) if end < 0 else end
                body_line = self.s[self.i:end]
                self.advance(end - self.i + 1 if end < len(self.s) else end - self.i)
                if (body_line.lstrip("\t") if strip else body_line) == delim:
                    break
            else:
                self.error(f"heredoc {delim} has no end")
        pending.clear()

    def heredoc_operator(self):
        """At << (not <<<): past it and its delimiter; (delimiter as its body ends, strip tabs,
        the operator's text)."""
        start = self.i
        self.advance(2)
        strip = self.peek() == "-"
        if strip:
            self.advance()
        while self.peek() in (" ", "\t"):
            self.advance()
        dstart = self.i
        self.read_delimiter()
        raw = self.s[dstart:self.i]
        return re.sub(r"[\"'\\]", "", raw), strip, self.s[start:self.i]

    def skip_quoted(self, quote):
        """From after an opening quote to after its closing one."""
        s = self.s
        while self.i < len(s):
            c = s[self.i]
            if quote == "'" and c == "'":
                self.advance()
                return
            if quote != "'" and c == "\\":
                self.advance(2)
            elif quote == '"' and c == '"':
                self.advance()
                return
            elif quote == "`" and c == "`":
                self.advance()
                return
            elif quote == '"' and s.startswith("$(", self.i):
                self.advance(2)
                self.skip_balanced("(", ")")
            elif quote == '"' and s.startswith("${", self.i):
                self.advance(2)
                self.skip_balanced("{", "}")
            elif quote == '"' and c == "`":
                self.advance()
                self.skip_quoted("`")
            else:
                self.advance()
        self.error(f"a {quote} is not closed")

    def skip_balanced(self, opening, closing, depth=1):
        """From after an opening bracket to after its closing one, quotes, comments and heredocs
        inside kept whole."""
        s, pending = self.s, []
        while self.i < len(s):
            c = s[self.i]
            if c == "\\":
                self.advance(2)
            elif c == "\n":
                self.advance()
                self.read_heredocs(pending)
            elif c == "#" and opening == "(" and (self.i == 0 or s[self.i - 1] in " \t\n"):
                while self.i < len(s) and s[self.i] != "\n":
                    self.i += 1
            elif s.startswith("<<", self.i) and not s.startswith("<<<", self.i) and opening == "(":
                delim, strip, _ = self.heredoc_operator()
                pending.append((delim, strip))
            elif s.startswith("<<<", self.i):
                self.advance(3)
            elif c in "'\"`":
                self.advance()
                self.skip_quoted(c)
            elif c == opening:
                depth += 1
                self.advance()
            elif c == closing:
                depth -= 1
                self.advance()
                if depth == 0:
                    return
            else:
                self.advance()
        self.error(f"a {opening} is not closed")

    def read_word(self):
        s, start, line = self.s, self.i, self.line
        while self.i < len(s):
            c = s[self.i]
            if c in " \t\n;|":
                break
            if c == ")" or (c == "(" and not ARRAY_ASSIGNMENT.fullmatch(s[start:self.i])):
                break
            if c == "&" and not (self.i > start and s[self.i - 1] in "<>") and self.peek(1) != ">":
                break
            if c == "\\":
                self.advance(2)
            elif c in "'\"`":
                self.advance()
                self.skip_quoted(c)
            elif s.startswith("$(", self.i):
                self.advance(2)
                self.skip_balanced("(", ")")
            elif s.startswith("${", self.i):
                self.advance(2)
                self.skip_balanced("{", "}")
            elif c in "<>" and self.peek(1) == "(":
                self.advance(2)
                self.skip_balanced("(", ")")
            elif s.startswith("<<", self.i) and not s.startswith("<<<", self.i):
                if self.i > start:
                    self.tokens.append(("word", s[start:self.i], line))
                delim, strip, text = self.heredoc_operator()
                self.tokens.append(("word", text, self.line))
                self.heredocs.append((delim, strip))
                return
            elif c == "(" and ARRAY_ASSIGNMENT.fullmatch(s[start:self.i]):
                self.advance()
                self.skip_balanced("(", ")")
            elif s.startswith("<<<", self.i):
                self.advance(3)
            else:
                self.advance()
        if self.i > start:
            self.tokens.append(("word", s[start:self.i], line))

    def read_delimiter(self):
        s = self.s
        while self.i < len(s) and s[self.i] not in " \t\n;|&()<>":
            if s[self.i] in "'\"":
                q = s[self.i]
                self.advance()
                self.skip_quoted(q)
            else:
                self.advance()


# ---- the parser: statements (and-or lists) in the lists of the blocks holding them.

class Statement:
    def __init__(self, line, condition):
        self.line = line
        self.condition = condition  # an if's, elif's, while's or until's condition
        # (negated, [command]), a command ("simple", words, line) or ("compound", kind)
        self.pipelines = []
        self.joins = []  # "&&" or "||" between pipelines


class Block:
    def __init__(self, kind, name=""):
        self.kind = kind  # "file", "test", "function" or another compound's
        self.name = name
        self.statements = []


class Parser:
    def __init__(self, tokens):
        self.t = tokens
        self.i = 0
        self.statements = []  # every statement, with the block it is in: (statement, block, last)
        self.functions = set()  # the names of the functions defined

    def peek(self, n=0):
        j = self.i + n
        return self.t[j] if j < len(self.t) else ("eof", "", self.t[-1][2] if self.t else 1)

    def take(self):
        tok = self.peek()
        self.i += 1
        return tok

    def at_word(self, *words):
        kind, text, _ = self.peek()
        return kind == "word" and text in words

    def at_op(self, *ops):
        kind, text, _ = self.peek()
        return kind == "op" and text in ops

    def skip_newlines(self):
        while self.peek()[0] == "nl":
            self.i += 1

    def expect_word(self, word):
        kind, text, line = self.take()
        if kind != "word" or text != word:
            raise ParseError(f"line {line}: '{word}' expected, '{text.strip() or kind}' found")

    def parse_file(self):
        block = Block("file")
        self.parse_list(block, condition=False, ends=())
        if self.peek()[0] != "eof":
            kind, text, line = self.peek()
            raise ParseError(f"line {line}: '{text}' ends nothing")
        return block

    def parse_list(self, block, condition, ends, op_ends=()):
        """Statements into block until a word of ends (or an operator of op_ends) at a command's
        start, which is left for the caller."""
        while True:
            self.skip_newlines()
            kind, text, _ = self.peek()
            if kind == "eof" or (kind, text) in [("word", e) for e in ends] + [
                    ("op", e) for e in op_ends]:
                break
            if kind == "op" and text in (";", "&"):
                self.i += 1
                continue
            st = self.parse_and_or(condition, ends, op_ends)
            block.statements.append(st)
            kind, text, _ = self.peek()
            if kind == "op" and text in (";", "&"):
                self.i += 1
        for n, st in enumerate(block.statements):
            self.statements.append((st, block, n == len(block.statements) - 1))

    def parse_and_or(self, condition, ends, op_ends):
        st = Statement(self.peek()[2], condition)
        while True:
            st.pipelines.append(self.parse_pipeline(ends, op_ends))
            if self.at_op("&&", "||"):
                st.joins.append(self.take()[1])
                self.skip_newlines()
                continue
            return st

    def parse_pipeline(self, ends, op_ends):
        negated = False
        if self.at_word("!"):
            self.i += 1
            negated = True
        commands = [self.parse_command(ends, op_ends)]
        while self.at_op("|", "|&"):
            self.i += 1
            self.skip_newlines()
            commands.append(self.parse_command(ends, op_ends))
        return negated, commands

    def parse_command(self, ends, op_ends):
        kind, text, line = self.peek()
        if kind == "op" and text == "(":
            self.i += 1
            self.parse_list(Block("subshell"), False, (), op_ends=(")",))
            if not self.at_op(")"):
                raise ParseError(f"line {line}: a ( is not closed")
            self.i += 1
            return self.after_compound("subshell")
        if kind != "word":
            raise ParseError(f"line {line}: a command expected, '{text.strip() or kind}' found")
        if text == "{":
            self.i += 1
            self.parse_list(Block("group"), False, ("}",))
            self.expect_word("}")
            return self.after_compound("group")
        if text in ("if", "while", "until"):
            return self.parse_conditional(text)
        if text in ("for", "select"):
            self.i += 1
            while not (self.peek()[0] == "word" and self.peek()[1] == "do"):
                if self.peek()[0] == "eof":
                    raise ParseError(f"line {line}: a for without do")
                self.i += 1
            self.i += 1
            self.parse_list(Block("loop"), False, ("done",))
            self.expect_word("done")
            return self.after_compound("loop")
        if text == "case":
            return self.parse_case(line)
        if text == "@test":
            self.i += 1
            name = self.take()[1]
            self.skip_newlines()
            return self.parse_body("test", name, line)
        if text == "function":
            self.i += 1
            name = self.take()[1]
            if self.at_op("("):
                self.i += 2
            self.skip_newlines()
            return self.parse_body("function", name, line)
        if self.peek(1)[:2] == ("op", "(") and self.peek(2)[:2] == ("op", ")"):
            self.i += 3
            self.skip_newlines()
            return self.parse_body("function", text, line)
        return self.parse_simple(line)

    def parse_body(self, kind, name, line):
        block = Block(kind, name)
        if kind == "function":
            self.functions.add(name)
        if self.at_word("{"):
            self.i += 1
            self.parse_list(block, False, ("}",))
            self.expect_word("}")
        elif self.at_op("("):
            self.i += 1
            self.parse_list(block, False, (), op_ends=(")",))
            if not self.at_op(")"):
                raise ParseError(f"line {line}: the body of {name} is not closed")
            self.i += 1
        else:
            raise ParseError(f"line {line}: {name} has no body")
        return self.after_compound(kind)

    def parse_conditional(self, word):
        self.i += 1
        self.parse_list(Block("condition"), True, (CONDITION_ENDS[word],))
        self.expect_word(CONDITION_ENDS[word])
        if word == "if":
            while True:
                self.parse_list(Block("branch"), False, ("elif", "else", "fi"))
                kind, text, line = self.take()
                if text == "elif":
                    self.parse_list(Block("condition"), True, ("then",))
                    self.expect_word("then")
                elif text == "else":
                    self.parse_list(Block("branch"), False, ("fi",))
                    self.expect_word("fi")
                    break
                elif text == "fi":
                    break
                else:
                    raise ParseError(f"line {line}: an if without fi")
        else:
            self.parse_list(Block("loop"), False, ("done",))
            self.expect_word("done")
        return self.after_compound(word)

    def parse_case(self, line):
        self.i += 1
        self.take()  # the word
        self.skip_newlines()
        self.expect_word("in")
        while True:
            self.skip_newlines()
            if self.at_word("esac"):
                self.i += 1
                break
            if self.peek()[0] == "eof":
                raise ParseError(f"line {line}: a case without esac")
            if self.at_op("("):
                self.i += 1
            while not self.at_op(")"):
                if self.peek()[0] == "eof":
                    raise ParseError(f"line {line}: a case pattern without )")
                self.i += 1
            self.i += 1
            self.parse_list(Block("case item"), False, ("esac",), op_ends=(";;", ";&"))
            if self.at_op(";;", ";&"):
                self.i += 1
        return self.after_compound("case")

    def after_compound(self, kind):
        """A compound command's redirections (done <<<"$x", } >file)."""
        while self.peek()[0] == "word" and self.peek()[1] not in RESERVED_ENDS:
            self.i += 1
        return ("compound", kind)

    def parse_simple(self, line):
        words = []
        while True:
            kind, text, _ = self.peek()
            if kind != "word":
                break
            # A reserved word ends the command only where a command would begin (if x; then).
            if not words and text in RESERVED_ENDS:
                break
            words.append(text)
            self.i += 1
        if not words:
            kind, text, line = self.peek()
            raise ParseError(f"line {line}: a command expected, '{text.strip() or kind}' found")
        return ("simple", words, line)


# ---- the checks

def is_test(command):
    """A command that only tests: [ ], [[ ]], test, grep -q."""
    if command[0] != "simple":
        return False
    words = command[1]
    first = words[0]
    if first in ("[", "[[", "test"):
        return True
    if first == "grep":
        for w in words[1:]:
            if w == "--":
                break
            if w in ("--quiet", "--silent") or re.fullmatch(r"-[A-Za-z]*q[A-Za-z]*", w):
                return True
    return False


def merge_double_brackets(tokens):
    """[[ ... ]] as one word: its && and || and ( ) are the test's, not the list's."""
    out, i = [], 0
    while i < len(tokens):
        kind, text, line = tokens[i]
        if kind == "word" and text == "[[":
            j = i + 1
            while j < len(tokens) and not (tokens[j][0] == "word" and tokens[j][1] == "]]"):
                if tokens[j][0] == "nl":
                    break
                j += 1
            if j < len(tokens) and tokens[j][1] == "]]":
                out.append(("word", "[[", line))
                out.append(("word", " ".join(t[1] for t in tokens[i + 1:j]), line))
                out.append(("word", "]]", line))
                i = j + 1
                continue
        out.append(tokens[i])
        i += 1
    return out


def substitutions(word):
    """The first word of each $(...) of word that the shell runs: not in single quotes, not an
    arithmetic $((...)), not inside another $(...)."""
    found, i, double = [], 0, False
    while i < len(word):
        c = word[i]
        if c == "\\":
            i += 2
            continue
        if c == "'" and not double:
            end = word.find("'", i + 1)
            i = len(word) if end < 0 else end + 1
            continue
        if c == '"':
            double = not double
        elif word.startswith("$(", i) and not word.startswith("$((", i):
            m = re.match(r"\$\(\s*([^\s()\"';|&<>]*)", word[i:])
            found.append(m.group(1))
            lexer = Lexer(word)
            lexer.i = i + 2
            try:
                lexer.skip_balanced("(", ")")
            except ParseError:
                break
            i = lexer.i
            continue
        i += 1
    return found


def swallowed_by(words, functions):
    """What a simple command says of a check whose status its words lose, or None: echo or printf
    printing a function's $(...), a declaration assigning any $(...)."""
    if words[0] in ("echo", "printf"):
        for w in words[1:]:
            for name in substitutions(w):
                if name in functions:
                    return f"{words[0]} hides the status of {name}: assign it first, then print"
    if words[0] in DECLARES:
        for w in words[1:]:
            m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[[^]]*\])?\+?=", w)
            if m and substitutions(w[m.end():]):
                return (f"{words[0]} {m.group(1)}=$(...) hides its status: declare it, then "
                        "assign it apart")
    return None


def lint(root):
    files = sorted(p for pat in PATTERNS for p in glob.glob(os.path.join(root, pat)))
    parsed, unreadable, functions = {}, [], set()
    for path in files:
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            tokens = merge_double_brackets(Lexer(text).run())
            parser = Parser(tokens)
            parser.parse_file()
        except ParseError as e:
            unreadable.append(f"{rel}: {e}")
            continue
        parsed[rel] = parser.statements
        functions.update(parser.functions)
    anded, negated, swallowed = [], [], []
    for rel, statements in parsed.items():
        for st, block, last in statements:
            if not st.condition and len(st.pipelines) >= 2 and set(st.joins) == {"&&"} and all(
                    len(cmds) == 1 and is_test(cmds[0]) for _, cmds in st.pipelines):
                anded.append(f"{rel}:{st.line}: only tests joined by &&: one test a line")
            if not st.condition and any(neg for neg, _ in st.pipelines) and "||" not in st.joins \
                    and not (last and block.kind in ("test", "function")):
                negated.append(f"{rel}:{st.line}: a ! pipeline, not the last statement of a test "
                               "or function: run ! cmd")
            for _, cmds in st.pipelines:
                for words, line in (c[1:] for c in cmds if c[0] == "simple"):
                    said = swallowed_by(words, functions)
                    if said:
                        swallowed.append(f"{rel}:{line}: {said}")
    results = [
        ("every bats file is read to its end (else the checks below cannot see it)", unreadable),
        ("no assertion is tests joined by && (errexit ignores all but the last)", anded),
        ("no ! pipeline asserts but a test's or function's last statement (errexit ignores it)",
         negated),
        ("no check's exit status is lost in echo's or printf's $(...) or a local's assignment",
         swallowed),
    ]
    return results, len(files)


def main():
    args = sys.argv[1:]
    root = TOP
    if args[:1] == ["--root"] and len(args) == 2:
        root = os.path.abspath(args[1])
    elif args:
        sys.exit("usage: bats_lint.py [--root DIR]")
    results, files = lint(root)
    failed = 0
    for n, (name, problems) in enumerate(results, 1):
        if not files:
            problems = [f"no file under {root} matches {', '.join(PATTERNS)}"]
        print(f"{'not ok' if problems else 'ok'} {n} - {name}")
        for p in problems:
            print(f"#   {p}")
        failed += bool(problems)
    print(f"1..{len(results)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
