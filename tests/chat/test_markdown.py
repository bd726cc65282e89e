"""core.markdown: answers are untrusted text; only safe HTML may come out."""

import pytest
from django.utils.safestring import SafeString

from core.markdown import is_safe_url, render_markdown

DANGEROUS_LINKS = [
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](&#106;avascript:alert(1))",
    "[x](&#x6A;avascript:alert(1))",
    "[x](java&#x09;script:alert(1))",
    "[x](javascript&colon;alert(1))",
    "[x]( javascript:alert(1) )",
    "[x](<javascript:alert(1)>)",
    "<javascript:alert(1)>",
    "[x][ref]\n\n[ref]: javascript:alert(1)",
    "[x](vbscript:msgbox(1))",
    "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[x](file:///etc/passwd)",
    "[x](//evil.example/steal)",
]


@pytest.mark.parametrize("source", DANGEROUS_LINKS)
def test_unsafe_links_do_not_survive(source):
    html = render_markdown(source).lower()
    assert "<a " not in html
    assert "href" not in html


def test_raw_html_is_escaped_not_rendered():
    html = render_markdown('<script>alert("x")</script>\n\n<img src=x onerror=alert(1)> <a href="javascript:1">a</a>')
    assert "<script" not in html and "<img" not in html and "<a " not in html
    assert "&lt;script&gt;" in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_images_are_not_loaded_but_keep_their_alt_text():
    html = render_markdown('![对方 <b>证据</b>](https://tracker.example/p.png?q=secret "t")')
    assert "<img" not in html and "tracker.example" not in html
    assert "对方 &lt;b&gt;证据&lt;/b&gt;" in html or "对方 证据" in html


def test_safe_links_render_and_external_ones_open_safely():
    html = render_markdown("[法条](/knowledge/articles/1/) [官网](https://flk.npc.gov.cn/) "
                           "[邮件](mailto:a@b.cn) [顶部](#top)")
    assert '<a href="/knowledge/articles/1/">法条</a>' in html
    assert '<a href="https://flk.npc.gov.cn/" target="_blank" rel="noopener noreferrer nofollow">官网</a>' in html
    assert '<a href="mailto:a@b.cn">邮件</a>' in html and '<a href="#top">顶部</a>' in html


def test_answer_markdown_renders_headings_lists_tables_and_emphasis():
    source = ("### 一、相关法律规定\n\n1. 《劳动合同法》第四十七条\n2. 第八十七条\n\n**结论**：赔偿金 48000 元。\n\n"
              "| 项目 | 金额 |\n|---|---|\n| 赔偿金 | 48000 |\n\n~~旧规定~~\n\n> 仅供参考")
    html = render_markdown(source)
    assert "<h3>一、相关法律规定</h3>" in html
    assert "<ol>" in html and "<li>《劳动合同法》第四十七条</li>" in html
    assert "<strong>结论</strong>" in html and "<table>" in html and "<td>48000</td>" in html
    assert "<s>旧规定</s>" in html and "<blockquote>" in html


def test_plain_urls_are_not_linkified_and_result_is_marked_safe():
    html = render_markdown("见 https://example.com 与 www.example.com")
    assert "<a " not in html
    assert isinstance(html, SafeString)
    assert render_markdown(None) == "" and render_markdown("") == ""


@pytest.mark.parametrize(("url", "safe"), [
    ("https://a.cn/x", True), ("http://a.cn", True), ("mailto:x@y.cn", True), ("/chat/1/", True),
    ("#a", True), ("?q=1", True), ("relative/path", True),
    ("javascript:alert(1)", False), (" JAVASCRIPT:alert(1)", False), ("java\tscript:x", False),
    ("java\x00script:x", False), ("data:text/html,x", False), ("//evil.cn", False), ("", False),
    ("a:b", False), ("tel:110", False),
])
def test_is_safe_url(url, safe):
    assert is_safe_url(url) is safe
