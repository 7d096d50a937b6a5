"""Start tags marked with their layout line, except where the words are a catalogue's msgid."""

from pnp.render.source_lines import mark_source_lines


def test_a_tag_is_marked_with_its_line():
    assert mark_source_lines("<p>\n<b>x</b></p>", "f.html") == (
        '<p data-pnp-at="f.html:1">\n<b data-pnp-at="f.html:2">x</b></p>')


def test_the_words_of_a_trans_block_and_of_an_expression_pass_whole():
    source = '<p>{% trans %}<b>Draw</b> a card{% endtrans %}</p>\n<i>{{ _("<b>Score</b>") }}</i>'
    marked = mark_source_lines(source, "f.html")
    assert "{% trans %}<b>Draw</b> a card{% endtrans %}" in marked and '{{ _("<b>Score</b>") }}' in marked
    assert marked.count("data-pnp-at") == 2
