"""Getting the sketch out of a completion."""

from paint_pipeline.sketch_code import extract_code

CODE = "function setup() {\n  createCanvas(600, 600, WEBGL);\n}"


def test_fenced_code_is_taken_from_prose():
    text = f"Here is a painting of the sea:\n```javascript\n{CODE}\n```\nEnjoy the waves!"
    assert extract_code(text) == CODE


def test_the_longest_js_block_wins_over_other_languages():
    text = (f"```html\n<canvas></canvas><script>x</script><!-- long html block -->\n```\n"
            f"```js\n{CODE}\n```\n```\nlet a;\n```")
    assert extract_code(text) == CODE


def test_think_tags_are_dropped_even_unclosed():
    assert extract_code(f"<think>I should use ```js\nbad()\n``` maybe</think>\n```js\n{CODE}\n```") == CODE
    assert extract_code(f"{CODE}\n<think>and then I will") == CODE


def test_truncated_fence_runs_to_the_end():
    assert extract_code("Sure!\n```js\nfunction setup() {\n  createCanvas(10, 10") == (
        "function setup() {\n  createCanvas(10, 10")


def test_unfenced_code_starts_at_the_first_code_line():
    assert extract_code(f"Sure, here you go.\n\n{CODE}") == CODE
    assert extract_code("no code at all") == "no code at all"


def test_a_fence_inside_code_is_not_a_fence():
    # Text that starts as code is code: "```" in a string, a comment or a block comment does not cut it.
    in_string = 'function setup() {\n  let s = "```js";\n  createCanvas(10, 10);\n}'
    assert extract_code(in_string) == in_string
    in_comments = "// paste this into a ```js block\n/*\n```js\nnot();\n```\n*/\n" + CODE
    assert extract_code(in_comments) == in_comments


def test_a_fence_is_a_line_of_its_own():
    # Prose that mentions ```js inline opens no fence; the fence on its own line does.
    text = f"Sure! Wrap it in ```js like this``` please:\n```javascript\n{CODE}\n```\nDone."
    assert extract_code(text) == CODE
