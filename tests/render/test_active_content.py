"""What would run in a reader's browser is found as the HTML parser reads it, whatever the
spelling (pnp/render/active_content.py); the rest of HTML passes."""

import pytest

from pnp.render.active_content import active_markup, active_markup_problems

RUNNING = {
    "a script": "<script>alert(1)</script>",
    "a script in capitals": "<SCRIPT SRC=x.js></SCRIPT>",
    "a script inside an svg": "<svg><script>alert(1)</script></svg>",
    "an svg script with a prefix": "<svg><svg:script>alert(1)</svg:script></svg>",
    "a handler": '<details open ontoggle="alert(1)">x</details>',
    "a handler without quotes": "<img src=x onerror=alert(1)>",
    "a handler after a slash": "<svg/onload=alert(1)>",
    "a javascript link": '<a href="javascript:alert(1)">x</a>',
    "a javascript link with entities and tabs": '<a href="jav&#x09;ascript&colon;alert(1)">x</a>',
    "a javascript link in capitals after spaces": "<a href='  JAVASCRIPT:alert(1)'>x</a>",
    "a vbscript link": '<a href="vbscript:msgbox(1)">x</a>',
    "an html data url": '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    "an svg data url in base64": '<a href="DATA:image/svg+xml;base64,PHN2Zz4=">x</a>',
    "a form action": '<form action="javascript:alert(1)"><button>x</button></form>',
    "a button formaction": '<button formaction="javascript:alert(1)">x</button>',
    "an svg xlink": '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    "an iframe": '<iframe src="https://example.org"></iframe>',
    "an iframe srcdoc": '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    "an object": '<object data="x.swf"></object>',
    "an embed": '<embed src="x.swf">',
    "a base": '<base href="https://example.org/">',
    "a script after a stray </svg> in <math>": '<math></svg><style><p></p><script src="x.js"></script></style></math>',
    "a refresh": '<meta http-equiv="refresh" content="0;url=https://example.org">',
}

HARMLESS = [
    '<p class="rule" id="r1">Draw <strong>two</strong> cards, <a href="#scoring">then score</a>.</p>',
    '<a href="https://example.org/rules">the rules online</a> <a href="mailto:a@b.c">write</a>',
    '<img src="pictures/map.png" alt="the map"> <img src="data:image/png;base64,iVBORw0KGgo=" alt="">',
    "<p>The onion rule: a JavaScript: word in text is text.</p>",
    '<link rel="icon" href="data:,">',
    '<span data-on="x" title="onclick">x</span>',
    "<table><tr><td colspan=2>x</td></tr></table><details open><summary>x</summary>y</details>",
    "<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>",
    '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="an SVG picture runs nothing">',
    '<abbr title="JavaScript: the language of the web">JS</abbr> <span aria-label="data:text/html">x</span>',
]


@pytest.mark.parametrize("name", sorted(RUNNING))
def test_what_runs_is_found(name):
    assert active_markup(RUNNING[name]), name


@pytest.mark.parametrize("html", HARMLESS)
def test_the_rest_passes(html):
    assert active_markup(html) == []


def test_each_is_told_at_the_line_its_tag_comes_from():
    html = ('<h1 data-pnp-at="card_data/g/rulebook/en/01.md:1">Title</h1>\n'
            '<p data-pnp-at="card_data/g/rulebook/en/01.md:3">Read <a href="javascript:x()">this</a></p>\n'
            '<details data-pnp-at="card_data/g/rulebook/en/02.md:7" open ontoggle="x()">y</details>')
    problems = active_markup_problems(html, "card_data/g/rulebook")
    assert [(p.file, p.line) for p in problems] == [("card_data/g/rulebook/en/01.md", 3),
                                                   ("card_data/g/rulebook/en/02.md", 7)]
    assert "javascript: URL in href=" in problems[0].found and "ontoggle=" in problems[1].found
