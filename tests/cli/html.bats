#!/usr/bin/env bats
# zswapbench report: one HTML page of saved runs, opened as a reader would open it, in a
# browser (headless Chromium) that draws it and reports the page's console. What the page
# holds is tested in tests/unit/test_html.c; here, the command and a real browser. Nothing
# here touches the kernel or needs root.
bats_require_minimum_version 1.5.0
load helpers

FIX="$BATS_TEST_DIRNAME/../fixtures/results/disk-zram.json"

setup() { TMP=$(mktemp -d); }
teardown() { rm -rf "$TMP"; }

need_gnuplot() {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (apt-get install gnuplot-nox)"
}

need_chromium() {
	command -v chromium >/dev/null || skip "chromium is not installed (apt-get install chromium)"
}

# The page drawn by headless Chromium into $TMP/shot.png; its log in $TMP/chromium.log. A
# profile of its own: other sessions may run Chromium at the same time.
screenshot() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$TMP/profile" \
		--enable-logging=stderr --v=0 --screenshot="$TMP/shot.png" --window-size=1200,2000 \
		"file://$1" >"$TMP/chromium.out" 2>"$TMP/chromium.log"
}

# What the page said on its console: Chromium logs each message as
# `INFO:CONSOLE:LINE] "message", source: URL (LINE)` (older versions: `CONSOLE(LINE)`), and an
# uncaught exception as "Uncaught ...".
console_errors() {
	grep -E ':CONSOLE[:(]|Uncaught' "$TMP/chromium.log" || true
}

# Width, height, distinct colours and the share of pixels that are not white of an 8-bit
# RGB or RGBA PNG, from zlib alone: the PNG standard's five row filters undone by hand.
png_stats() {
	python3 - "$1" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], 'rb').read()
assert d[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat = 8, b''
while pos < len(d):
    n, kind = struct.unpack('>I4s', d[pos:pos + 8])
    body = d[pos + 8:pos + 8 + n]
    pos += 12 + n
    if kind == b'IHDR':
        w, h, depth, ctype, _, _, lace = struct.unpack('>IIBBBBB', body)
    elif kind == b'IDAT':
        idat += body
assert depth == 8 and ctype in (2, 6) and not lace, (depth, ctype, lace)
bpp = 3 if ctype == 2 else 4
raw, stride = zlib.decompress(idat), w * bpp
prev, colours, ink, i = bytearray(stride), set(), 0, 0
for y in range(h):
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
    i += 1 + stride
    if f == 1:
        for x in range(bpp, stride):
            line[x] = (line[x] + line[x - bpp]) & 255
    elif f == 2:
        line = bytearray((a + b) & 255 for a, b in zip(line, prev))
    elif f == 3:
        for x in range(stride):
            line[x] = (line[x] + ((line[x - bpp] if x >= bpp else 0) + prev[x]) // 2) & 255
    elif f == 4:
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    for x in range(0, stride, bpp):
        px = bytes(line[x:x + 3])
        colours.add(px)
        ink += px != b'\xff\xff\xff'
    prev = line
print(w, h, len(colours), '%.4f' % (ink / (w * h)))
PY
}

# The text of the page's first <pre class="verdict">, as a reader sees it (unescaped).
html_verdict() {
	python3 - "$1" <<'PY'
import html, re, sys
page = open(sys.argv[1], encoding='utf-8').read()
m = re.search(r'<pre class="verdict">(.*?)</pre>', page, re.S)
assert m, 'no verdict in the page'
sys.stdout.write(html.unescape(m.group(1)))
PY
}

# report FILE to the page HTML, then show FILE: page holds the page's verdict, output what
# show printed; both must succeed.
report_then_show() {
	run --separate-stderr "$ZSB" report "$1" -o "$2"
	[ "$status" -eq 0 ]
	page=$(html_verdict "$2")
	run --separate-stderr "$ZSB" show "$1"
	[ "$status" -eq 0 ]
}

# The page's verdict is the text given, and where it is not, the difference is shown.
page_is() {
	[ "$page" = "$1" ] || { diff <(echo "$page") <(echo "$1"); false; }
}

@test "report: one page that Chromium draws, plots and all, with nothing on its console" {
	need_gnuplot
	need_chromium
	run --separate-stderr "$ZSB" report "$FIX" -o "$TMP/r.html"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ -s "$TMP/r.html" ]
	# Written beside itself, then renamed: no temporary file is left.
	[ "$(ls "$TMP")" = r.html ]
	# Every plot the result implies, each drawn in the page under its caption.
	plots=$(plots_implied "$FIX")
	echo "plots: $plots"
	[ "$plots" -ge 6 ]
	[ "$(grep -o '<svg[ >]' "$TMP/r.html" | wc -l)" -eq "$plots" ]
	[ "$(grep -o '<figcaption>[^<]*\.svg</figcaption>' "$TMP/r.html" | wc -l)" -eq "$plots" ]
	screenshot "$TMP/r.html"
	[ -s "$TMP/shot.png" ]
	errors=$(console_errors)
	[ -z "$errors" ] || { echo "console: $errors"; false; }
	read -r w h colours ink < <(png_stats "$TMP/shot.png")
	echo "screenshot: ${w}x$h, $colours colours, $ink inked"
	[ "$w" -eq 1200 ]
	[ "$h" -eq 2000 ]
	# Tables, text and plot lines, antialiased: about 1900 colours. A page with one word on it
	# has about 40, and almost no ink.
	[ "$colours" -gt 200 ]
	assert_awk "$ink > 0.02 && $ink < 0.9"
	[ "$(stat -c %s "$TMP/shot.png")" -gt 30000 ]
}

@test "report: the verdict on the page is the verdict zswapbench show prints" {
	need_gnuplot
	report_then_show "$FIX" "$TMP/r.html"
	# show prints the cells, a blank line, then the verdict.
	shown=$(printf '%s\n' "$output" | sed '1,/^$/d')
	[ -n "$shown" ]
	page_is "$shown"
}

@test "report: the page is XML, and fetches nothing from anywhere" {
	need_gnuplot
	run --separate-stderr "$ZSB" report "$FIX" "$FIX" -o "$TMP/r.html"
	[ "$status" -eq 0 ]
	grep -q '<h2>Comparison</h2>' "$TMP/r.html"
	! command -v xmllint >/dev/null || xmllint --noout "$TMP/r.html"
	# No script, no src, links only within the page; addresses only as namespace names.
	python3 - "$TMP/r.html" <<'PY'
import re, sys
page = open(sys.argv[1], encoding='utf-8').read()
assert '<script' not in page and ' src=' not in page and '<link' not in page
for ref in re.findall(r'''href=["']([^"']*)''', page):
    assert ref.startswith('#'), ref
for m in re.finditer(r'https?://', page):
    assert re.search(r'''xmlns(:\w+)?=["']$''', page[max(0, m.start() - 20):m.start()]), page[m.start() - 40:m.end() + 40]
PY
}

@test "report without gnuplot: says what to install, exits 3, writes nothing" {
	mkdir "$TMP/empty"
	run --separate-stderr env PATH="$TMP/empty" "$ZSB" report "$FIX" -o "$TMP/r.html"
	echo "$stderr"
	[ "$status" -eq 3 ]
	[[ "$stderr" == *"gnuplot"* ]]
	[ ! -e "$TMP/r.html" ]
	[ "$(ls "$TMP")" = empty ]
}

@test "report of a block device: the page's answer is show's, its first plots the bandwidth's" {
	need_gnuplot
	B="$BATS_TEST_DIRNAME/../fixtures/results/block-zram-disk.json"
	report_then_show "$B" "$TMP/b.html"
	# No trial failed or looks doubtful; the machine's load before the run is warned of, then
	# a blank line, then the answer.
	[[ "$output" == "warning before the run: Load average 1.16 on 2 CPUs"*$'\n\n'* ]]
	shown=$(printf '%s\n' "$output" | sed '1,/^$/d')
	[[ "$shown" == *"zram higher than disk"* ]]
	page_is "$shown"
	grep -q '<th>read, MiB/s</th>' "$TMP/b.html"
	first=$(grep -o '<figcaption>[^<]*</figcaption>' "$TMP/b.html" | head -1)
	[ "$first" = "<figcaption>bandwidth-seq-write.svg</figcaption>" ]
	! command -v xmllint >/dev/null || xmllint --noout "$TMP/b.html"
}

@test "report of a service: its verdict by throughput is show's; the cells and its picture name throughput" {
	need_gnuplot
	S="$BATS_TEST_DIRNAME/../fixtures/results/service-two-cells.json"
	report_then_show "$S" "$TMP/s.html"
	shown=$(printf '%s\n' "$output" | sed '1,/^$/d')
	[[ "$shown" == *"zram served "*"% more operations per second than disk ["* ]]
	page_is "$shown"
	grep -q '<th>throughput, median</th>' "$TMP/s.html"
	# The verdict's picture is each trial's throughput, first of the page; elapsed has none.
	first=$(grep -o '<figcaption>[^<]*</figcaption>' "$TMP/s.html" | head -1)
	[ "$first" = "<figcaption>trials-throughput.svg</figcaption>" ]
	run ! grep -q 'trials-elapsed' "$TMP/s.html"
	! command -v xmllint >/dev/null || xmllint --noout "$TMP/s.html"
}

@test "report of a sweep: its pictures draw each cell's median with the interval its table gives, never a mean" {
	need_gnuplot
	W="$BATS_TEST_DIRNAME/../fixtures/results/sweep-jobs.json"
	run --separate-stderr "$ZSB" report "$W" -o "$TMP/w.html"
	[ "$status" -eq 0 ]
	grep -q '<figcaption>sweep-jobs.svg</figcaption>' "$TMP/w.html"
	grep -q '<text>median elapsed time against jobs</text>' "$TMP/w.html"
	grep -q "bars: the range of the trials, the median's interval at 94% (too few trials for 95%)" \
		"$TMP/w.html"
	# The verdict's picture: each cell's box the range of its five trials, so named.
	grep -q "<text>range of the trials, the median's interval at 94% (too few trials for 95%)</text>" \
		"$TMP/w.html"
	# No picture on the page speaks of a mean.
	python3 - "$TMP/w.html" <<'PY'
import re, sys
page = open(sys.argv[1], encoding='utf-8').read()
svgs = re.findall(r'<svg.*?</svg>', page, re.S)
assert len(svgs) >= 3, len(svgs)
for svg in svgs:
    assert not re.search(r'\bmean\b', svg), re.search(r'.{60}\bmean\b.{60}', svg, re.S).group(0)
PY
}
