"""Flowers in their settings: a single stem, a vase, a field or colour bands, a wreath, a blossom branch, dark
water with pads, a cactus, a wall with a climbing plant. `flower_sketch` writes the whole sketch; the heads of
each species are `flower_heads`."""

from __future__ import annotations

from paint_pipeline.colour import COLOUR_WORDS
from paint_pipeline.warm_start.procedural.elements import optional
from paint_pipeline.warm_start.procedural.flower_heads import (
    GENERIC_COLOURS,
    SPECIES,
    centre_colour,
    paint_head,
    species_of,
)
from paint_pipeline.warm_start.procedural.reading import (
    DARK_GREEN,
    FLOWER_NOUNS,
    GREEN,
    GROUND_NOUNS,
    SKY_NOUNS,
    WATER_NOUNS,
    PromptContext,
    lightness,
    shade,
)
from paint_pipeline.warm_start.procedural.writing import JsWriter, glaze, num, point_array, quote, str_array

_FIELD_WORDS = ("field", "fields", "meadow", "garden", "border", "scattered", "wild", "rows", "bands", "marigolds",
                "daisies", "grass", "poppies", "beds", "carpet")
_VASE_WORDS = ("vase", "bouquet", "bunch", "basket", "pot", "potted", "windowsill", "jar")
_CLIMBING = ("climbing", "climber", "climbers", "trellis", "rambling", "ivy", "creeper", "vine")
_COUNTS = {"a": 1, "an": 1, "one": 1, "single": 1, "lone": 1, "solitary": 1, "two": 2, "pair": 2, "three": 3,
           "four": 4, "five": 5}
_HEAD_WORDS = {w for words, _, _ in SPECIES for w in words} | set(FLOWER_NOUNS) | {"bud", "buds", "iris", "orchid"}


def _count(ctx: PromptContext) -> int | None:
    """How many flowers a prompt asks for ("a single red tulip", "three red poppies"), if it says."""
    for k, w in enumerate(ctx.words):
        if w not in _COUNTS:
            continue
        for after in ctx.words[k + 1:k + 4]:
            if after in ("of", "in", "with", "and", "on", "at", "by"):
                break
            if after in _COUNTS and after not in ("a", "an"):
                return _COUNTS[after]
            if after in _HEAD_WORDS:
                return _COUNTS[w]
    return None


def _natural(ctx: PromptContext, colour: str, defaults: tuple[str, ...]) -> str:
    """A big natural area (grass, wheat, sand, water) keeps its own colour unless the prompt gave it one."""
    asked = {h for w in ctx.targets for h in COLOUR_WORDS[w]}
    return colour if colour in asked else ctx.fixed(ctx.pick(defaults))


def flower_sketch(js: JsWriter, ctx: PromptContext, most: int) -> None:
    kinds = species_of(ctx, most)
    wreath = ctx.has("wreath", "garland")
    wall = ctx.has("wall", "climbing", "trellis", "brick", "bricks", "fence")
    cactus = ctx.has("cactus", "cacti", "succulent", "succulents")
    bands = ctx.has("bands", "rows", "stripes", "striped")
    field = not wreath and ctx.has(*_FIELD_WORDS)
    vase = not field and not wreath and ctx.has(*_VASE_WORDS)
    water = not vase and not wreath and (kinds[0][0] == "lotus" or ctx.has("pond", "water"))
    branch = not vase and (ctx.has("branch", "branches", "twig", "twigs", "bough") or (
        ctx.has("blossom", "blossoms") and ctx.has("cherry", "plum", "almond", "apple", "sakura")))
    setting = ("wreath" if wreath else "vase" if vase else "water" if water else "branch" if branch else
               "cactus" if cactus else "wall" if wall and not field else "field" if field else "single")
    climbing = ctx.has(*_CLIMBING)
    count = None if setting in ("wreath", "branch", "vase") or (setting == "wall" and climbing) else _count(ctx)
    wheat, desert = ctx.has("wheat", "corn", "barley", "hay"), cactus or ctx.has("desert")
    grounds = (("#d9b44a", "#e0bd55") if wheat else ("#e0c08a", "#d8b47a") if desert else
               ("#1f3a4a", "#233f52", "#1b3340") if water else GREEN)
    walls = ("#a5523a", "#b0603f") if ctx.has("brick", "bricks") else ("#9a948a", "#8f8a80", "#a39d92")
    many = setting in ("field", "vase", "wreath")
    sunset = ctx.has("sunset", "sundown", "dusk", "golden hour")
    pal_defaults = ("#e0457b", "#d9607e", "#ef7d1a") if cactus and kinds[0][0] == "round" else kinds[0][1]
    pal = ctx.palette({
        "petal": (pal_defaults, "free", FLOWER_NOUNS + ("lily", "lilies", "iris", "irises", "orchid")),
        "far": (("#c89a64", "#b98a5a"), "free", ("rocks", "dunes", "mesa", "canyon")) if desert else None,
        "bg": (walls if setting == "wall" else ("#f2a65a", "#f0b87a", "#eaa0a0") if sunset else
               ("#cfe0f5", "#e0d2b0", "#d8e4c8", "#f2e4cf"), "big",
               SKY_NOUNS + ("wall", "background")),
        "ground": (grounds, "big", GROUND_NOUNS + ("leaves",) + WATER_NOUNS),
        "petal2": ((kinds[1][1] if len(kinds) > 1 else ("#f2b5c8", "#f39c3b", "#a58fcf", "#f7f7f7")), "free")
        if many or bands else None,
        "petal3": ((kinds[2][1] if len(kinds) > 2 else ("#f7f7f7", "#d9607e", "#7f4fb8", "#e6b422")), "free")
        if many or bands else None,
        "stem": (DARK_GREEN, "small"),
    })
    pal["ground"] = _natural(ctx, pal["ground"], grounds)
    if setting == "wall":
        pal["bg"] = _natural(ctx, pal["bg"], walls)
    paper = ctx.paper()
    ink = ctx.ink(paper)
    main = ctx.brushes("HB", "cpencil")
    out = ctx.other(main, "pen", "rotring", "2B")
    asked = {h for w in ctx.targets for h in COLOUR_WORDS[w]}
    roles = ["petal", "petal2", "petal3"]
    if len(kinds) > 1:  # one colour per species: the prompt's, else the species' own
        petals = [pal[r] if pal[r] in asked else ctx.fixed(ctx.pick(c)) for r, (_, c) in zip(roles, kinds)]
    else:  # one species (its own colour unless the prompt gives one), or mixed colours the prompt names
        generic = kinds[0][1] == GENERIC_COLOURS and not cactus
        petals = [pal["petal"] if generic or pal["petal"] in asked else ctx.fixed(ctx.pick(pal_defaults))]
        if many or bands:
            petals += [pal[r] for r in roles[1:] if pal[r] in asked or (generic and not asked)]
    petals += ctx.extra
    if bands:  # the colours the prompt names (not those of its sky or ground), one band each
        areas = set(SKY_NOUNS + GROUND_NOUNS)
        named = [COLOUR_WORDS[w][0] for k, w in enumerate(ctx.words) if w in ctx.named and w not in ctx.words[:k]
                 and not areas & set(ctx.words[k + 1:k + 3])]
        petals = named + [c for c in petals + [pal["petal2"]] if c not in named][:max(0, 2 - len(named))]
    if lightness(petals[0]) > 88 and lightness(pal["bg"]) > 70 and setting != "field":
        pal["bg"] = shade(pal["bg"], -0.45)  # white petals stay visible on a darker backdrop
    js.start(paper)
    sky = ctx.has(*SKY_NOUNS, "dawn", "dusk", "sunset", "sunrise", "horizon", "distance", "far")
    ground = {"water": ctx.i(-170, -110, 10) if sky else -300, "field": ctx.i(-60, 20, 10), "wreath": 300,
              "cactus": ctx.i(60, 120, 10), "wall": ctx.i(150, 200, 10)}.get(setting, ctx.i(60, 160, 10))
    if bands:
        ground = ctx.i(-100, -60, 10)
    js.section({"wall": "Wall and ground", "water": "Sky and dark water" if sky else "The dark water"
                }.get(setting, "Background and ground"))
    js("brush.noStroke();")
    if ground > -300:  # a single flower's backdrop in a grained fill, else in a flat wash
        js(f"brush.{'fill' if setting == 'single' else 'wash'}({quote(pal['bg'])}, 255);",
           f"brush.rect(-300, -300, 600, {ground + 300});")
    if setting != "wreath":
        js(f"brush.wash({quote(pal['ground'])}, 255);", f"brush.rect(-300, {ground}, 600, {300 - ground});")
    if bands:
        rows = [ground + round((300 - ground) * (k / len(petals)) ** 1.4) for k in range(len(petals) + 1)]
        js.section("Bands of colour")
        js(f"const cols = {str_array(petals)}, rows = [{', '.join(str(y) for y in rows)}];")
        js(f"for (let j = 0; j < {len(petals)}; j++) {{ brush.wash(cols[j], 255); "
           "brush.rect(-300, rows[j], 600, (rows[j + 1] - rows[j]) * 0.7); }")
    if ctx.has("windmill"):
        wx = ctx.pick([-1, 1]) * ctx.i(120, 200, 10)
        js.section("Windmill")
        mill = [(wx - 22, ground + 5), (wx + 22, ground + 5), (wx + 12, ground - 80), (wx - 12, ground - 80)]
        js(f"brush.wash({quote(ctx.fixed('#7a5a44'))}, 255);", f"brush.polygon({point_array(mill)});")
    if desert:
        js.section("Far dunes")
        dunes = [(-300, ground + 2), (-300, ground - ctx.i(20, 50, 10)), (ctx.i(-150, 0, 10), ground - ctx.i(10, 30)),
                 (ctx.i(80, 200, 10), ground - ctx.i(30, 70, 10)), (300, ground - 10), (300, ground + 2)]
        js(f"brush.wash({quote(pal['far'])}, 255);", f"brush.polygon({point_array(dunes)});")
    if ctx.has("rocks", "stones", "boulders", "pebbles"):
        js.section("Rocks")
        js(f"brush.wash({quote(pal.get('far') or ctx.fixed('#8a8178'))}, 255);",
           f"for (let k = 0; k < {ctx.i(4, 7)}; k++) brush.circle(random(-280, 280), random({ground + 20}, 280), "
           "random(10, 26));")
    js("const heads = [];")
    vx, vy = 0, 0
    hanging = setting == "vase" and ctx.has("hanging", "hung")
    if hanging:  # a basket hung on three chains: wide at the rim, flowers above it and trailing below
        vx, vy = ctx.i(-30, 30, 5), ctx.i(30, 70, 10)
        js.section("Hanging basket")
        pot = [(vx - 90, vy - 110), (vx + 90, vy - 110), (vx + 55, vy - 40), (vx - 55, vy - 40)]
        js(f"brush.wash({quote(ctx.fixed('#a0703c'))}, 255);", f"brush.polygon({point_array(pot)});")
    elif setting == "vase":
        vx, vy = ctx.i(-30, 30, 5), ground + ctx.i(10, 40, 5)
        js(f"brush.wash({quote(shade(pal['petal2'], -0.3) if ctx.chance(0.5) else ctx.fixed('#5c6f80'))}, 255);",
           f"brush.polygon({point_array([(vx - 50, vy), (vx + 50, vy), (vx + 35, vy - 120), (vx - 35, vy - 120)])});")
    elif setting == "cactus":
        nc = 1 if not field else ctx.i(3, 4)
        js.section("Cactus" if nc == 1 else "Cacti")
        js(f"brush.wash({quote(ctx.fixed(ctx.pick(['#4f7a3a', '#5a8a4a', '#3f6f45'])))}, 255);")
        js.open(f"for (let i = 0; i < {nc}; i++)")
        js(f"const x = {ctx.i(-40, 40, 10) if nc == 1 else -300 + 600 // (nc + 1)} + i * {600 // (nc + 1)} + "
           f"random(-30, 30), h = random({'180, 240' if nc == 1 else '90, 200'}), w = h * 0.12;")
        js(f"heads.push([x, {ground} - h, 0], [x - w * 2.15, {ground} - h * 0.7, 0]);")
        js(f"brush.rect(x - w, {ground} - h, 2 * w, h);",
           f"brush.rect(x - w * 2.6, {ground} - h * 0.7, w * 0.9, h * 0.4);",
           f"brush.rect(x - w * 2.6, {ground} - h * 0.34, w * 1.8, w * 0.8);")
        js.close()
    elif setting == "water":
        n = count or ctx.i(1, 3)
        js.section("Lily pads")
        js(f"brush.wash({quote(ctx.fixed(ctx.pick(['#3f7a3a', '#4f8a45'])))}, 255);")
        if kinds[0][0] != "lotus" or ctx.has("lily", "lilies", "pads"):  # a lotus stands on one pad
            js(f"for (let k = 0; k < {ctx.i(4, 7)}; k++) brush.circle(random(-280, 280), random({ground + 40}, 280), "
               "random(18, 38));")
        js.open(f"for (let i = 0; i < {n}; i++)")
        x0 = f"{-200 + 400 // (n + 1)} + i * {400 // (n + 1)} + " if n > 1 else ""
        js(f"const x = {x0}random(-30, 30), y = random(0, 150);")
        js("heads.push([x, y, 0]);", "brush.circle(x + 15, y + 25, random(45, 60));")
        js.close()
    if setting == "single":  # a grained glaze over the whole paper, the sky a shade deeper
        glaze(js, shade(pal["bg"], -0.15), -300, -300, 600, 600, 110)
    else:
        glaze(js, shade(pal["ground"], -0.2), -300, max(ground, -300), 600, 300 - max(ground, -300), 140)
    if setting == "wall":
        js.section("Brick courses" if ctx.has("brick", "bricks") else "Stone courses")
        js(f"brush.set({quote(out)}, {quote(shade(pal['bg'], -0.4))}, 1);")
        js.open(f"for (let k = 0; k < {(ground + 300) // 26}; k++)")
        js("const y = -300 + k * 26;", "brush.line(-300, y, 300, y);")
        step = "50" if ctx.has("brick", "bricks") else "random(30, 70)"
        js(f"for (let x = -300 + (k % 2) * 25; x < 300; x += {step}) brush.line(x, y, x, y + 26);")
        js.close()
    if ctx.has("windmill"):
        js(f"brush.set({quote(out)}, {quote(ink)}, 2);",
           f"for (let a = 0.4; a < 6.3; a += 1.57) brush.line({wx}, {ground - 80}, {wx} + 75 * cos(a), "
           f"{ground - 80} + 75 * sin(a));")
    if hanging:
        js(f"brush.set({quote(out)}, {quote(ink)}, 1);",
           f"for (const dx of [-90, 0, 90]) brush.line({vx}, -300, {vx} + dx, {vy - 110});")
    _stems(js, ctx, setting, pal, main, kinds, petals, ground, count, bands, wheat, (vx, vy - 100), hanging)
    js.section(_HEAD_TITLES.get(kinds[0][0], "Blossoms") if len(kinds) == 1 else "Flower heads")
    js("brush.noStroke();")
    depth = round((300 - ground) / 0.7)  # field heads grow from 0.6 to 1.3 times r towards the viewer
    for k, (head, _) in enumerate(kinds):
        js.open("for (const [x, y, j] of heads)")
        if len(kinds) > 1:
            js(f"if (j != {k}) continue;")
        colour = ("cols[j]" if bands else quote(petals[k]) if len(kinds) > 1 or count or len(petals) == 1
                  else f"random({str_array(petals)})")
        r = _head_size(setting, count, head)
        size = f"random({r[0]}, {r[1]})" if setting != "field" or count else \
            f"random({r[0]}, {r[1]}) * (y + {round(0.6 * depth) - ground}) / {depth}"
        js(f"const r = {size}, c = {colour};")
        paint_head(js, ctx, head, centre_colour(head, ctx), out, ink, big=not many and (setting != "field" or count))
        js.close()
    if setting == "water":
        optional(js, _reflections, main, petals)
    if setting == "single":  # after the heads, which stand above the leaves' tips
        optional(js, _leaves, ctx, pal["stem"])


_HEAD_TITLES = {"tulip": "Tulip cups", "sunflower": "Sunflower heads", "spike": "Flower spikes",
                "clock": "Seed clock", "lotus": "Lotus petals", "poppy": "Poppies", "daisy": "Daisies",
                "rose": "Roses"}


def _head_size(setting: str, count: int | None, head: str) -> tuple[int, int]:
    """The range of r for a head: its petal length (ring heads) or about its radius (round heads)."""
    ring = head in ("sunflower", "daisy", "clock")
    if setting == "branch":
        return (8, 14)
    if setting in ("vase", "wreath", "cactus", "wall"):
        return (26, 36) if ring or setting == "wall" else (20, 30)
    if setting == "field" and not count:
        return (28, 42) if ring else (26, 38)
    big = {"clock": (90, 120), "sunflower": (90, 115), "lotus": (85, 105), "tulip": (70, 85),
           "spike": (35, 45)}.get(head, (50, 70))
    n = count or 1
    return big if n == 1 else (int(big[0] * 0.7), int(big[1] * 0.7))


def _leaves(js: JsWriter, ctx: PromptContext, leaf: str) -> None:
    """Two long pointed leaves from the foot of each stem, in glazes: darker along their inner half."""
    t, w = 300 - ctx.i(190, 250, 10), ctx.i(90, 130, 10)
    shape = f"[x + s * {w * 2 // 3}, {(300 + t) // 2}], [x + s * {w}, {t}], [x + s * 15, {(300 + t) // 2 + 20}]"
    js.section("Leaves")
    js("brush.noStroke();", f"brush.fill({quote(leaf)}, 230);",
       f"for (const [x, y] of heads) for (const s of [-1, 1]) brush.polygon([[x, 300], {shape}]);",
       f"brush.fill({quote(shade(leaf, -0.3))}, 130);",
       f"for (const [x, y] of heads) for (const s of [-1, 1]) brush.polygon([[x, 300], {shape.split('], ', 1)[1]}]);",
       "brush.noFill();")


def _reflections(js: JsWriter, main: list, petals: list) -> None:
    js.section("Reflections")
    js(f"brush.set({quote(main[0])}, {quote(petals[0])}, 2);",
       "for (const [x, y] of heads) for (let k = 1; k < 6; k++) brush.line(x - 70 / k, y + 80 + k * 9, x + 60 / k, "
       "y + 80 + k * 9);")


def _stems(js: JsWriter, ctx: PromptContext, setting: str, pal: dict, main: list, kinds: list, petals: list,
           ground: int, count: int | None, bands: bool, wheat: bool, vase: tuple[int, int],
           hanging: bool = False) -> None:
    """Where the heads go (the JavaScript array `heads` of [x, y, kind or band]), with their stems or twigs."""
    k = len(kinds)
    stem = f"brush.set({quote(main[0])}, {quote(pal['stem'])}, {ctx.f(1.2, 2.2)});"
    if setting == "water":
        js.section("Ripples and reflections")
        js(f"brush.set({quote(main[0])}, {quote(shade(pal['ground'], 0.3))}, 1.5);",
           f"for (let k = 0; k < {ctx.i(40, 50, 5)}; k++) {{ const y = random({ground + 10}, 290), "
           "x = random(-290, 250); brush.line(x, y, x + random(20, 90), y); }")
    if setting in ("cactus", "water"):
        if setting == "cactus":
            js(f"brush.set({quote(main[-1])}, {quote(shade(pal['stem'], -0.2))}, 1);",
               f"for (const [x, y] of heads) brush.line(x, y + 12, x, {ground} - 5);")
        return
    if setting == "branch":
        y0, x1, y1 = ctx.i(60, 200, 10), ctx.i(180, 280, 10), ctx.i(-220, -120, 10)
        js.section("Branch and twigs")
        js(f"brush.set({quote(main[0])}, {quote(ctx.fixed('#4a3a2c'))}, 4);",
           f"brush.spline([[-300, {y0}], [{(x1 - 300) // 2}, {(y0 + y1) // 2 + ctx.i(-40, 40, 10)}], "
           f"[{x1}, {y1}]], 0.5);",
           f"brush.set({quote(main[-1])}, {quote(ctx.fixed('#4a3a2c'))}, 1.5);")
        js.open(f"for (let i = 0; i < {ctx.i(5, 7)}; i++)")
        js(f"const t = 0.2 + i * 0.13, bx = -300 + t * {x1 + 300}, by = {y0} + t * {y1 - y0};")
        js("const tx = bx + random(-20, 60), ty = by + random(-90, 60);", "brush.line(bx, by, tx, ty);")
        js("heads.push([tx, ty, 0], [(bx + tx) / 2 + random(-8, 8), (by + ty) / 2, 0], [bx, by + random(-12, 12), 0]);")
        js.close()
        return
    if setting == "wreath":
        rad = ctx.i(140, 170, 10)
        n = ctx.i(12, 16)
        js.section("Ring of leaves" + (" and wheat ears" if wheat else ""))
        leaves = [pal["stem"], shade(pal["stem"], 0.3)] + ([ctx.fixed("#d4a52a")] if wheat else [])
        js(f"brush.set({quote(main[0])}, {quote(pal['stem'])}, 2);", f"brush.circle(0, 0, {rad});")
        js.open("for (let a = 0; a < 6.28; a += 0.2)")
        js(f"brush.set({quote(main[-1])}, random({str_array(leaves)}), 2);")
        js(f"const q = {rad} + random(-40, 40);",
           f"brush.line({rad} * cos(a), {rad} * sin(a), q * cos(a + 0.18), q * sin(a + 0.18));")
        js.close()
        js(f"for (let i = 0; i < {n}; i++) heads.push([{rad} * cos(i * {num(round(6.283 / n, 3))}), "
           f"{rad} * sin(i * {num(round(6.283 / n, 3))}), i % {k}]);")
        return
    if setting == "wall" and ctx.has(*_CLIMBING):
        n = ctx.i(5, 8)
        x0 = ctx.i(-80, 80, 10)
        js.section("Climbing stem")
        js("const vine = [];")
        js(f"for (let i = 0; i < {n}; i++) vine.push([{x0} + 80 * sin(i * 1.3) + random(-20, 20), "
           f"{ground + 20} - i * {(ground + 220) // n}]);")
        js(stem, "brush.spline(vine, 0.5);")
        js("for (const [x, y] of vine) { brush.line(x, y, x + random(-40, 40), y + random(-30, 10)); "
           "heads.push([x, y, 0]); }")
        return
    field = setting == "field"
    if setting == "vase":
        n, top, spread, base = ctx.i(5, 8), ((vase[1] - 150, vase[1] + 140) if hanging else (-230, -90)), 150, vase
    elif field and not count:
        n, top, spread, base = ctx.i(12, 18) if kinds[0][0] in ("sunflower", "daisy") else ctx.i(16, 24), \
            (ground - 10, 280), 280, None
    else:
        n = count or (ctx.i(3, 5) if setting == "wall" else ctx.i(1, 2))
        top, spread, base = ((-120, -40) if n == 1 else (-90, 30)), (60 if n == 1 else 70 * n), None
    js.section("Stems and leaves")
    js.open(f"for (let i = 0; i < {n}; i++)")
    if bands:
        js(f"const j = i % {len(petals)}, x = random(-290, 290), y = random(rows[j], rows[j + 1]);",
           "heads.push([x, y, j]);")
    elif field and not count:
        js(f"const x = random({-spread}, {spread}), y = random({top[0]}, {top[1]});", f"heads.push([x, y, i % {k}]);")
    else:
        x0 = f"{-spread} + (i + 0.5) * {2 * spread / n:.0f} + " if n > 1 else ""
        js(f"const x = {x0}random(-20, 20), y = random({top[0]}, {top[1]});",
           f"heads.push([x, y, i % {k}]);")
    js(stem)
    if base:
        js(f"brush.spline([[{base[0]}, {base[1]}], [({base[0]} + x) / 2, y + 60], [x, y]], 0.5);")
    elif field and not count:
        js("brush.line(x, y, x + random(-6, 6), y + random(30, 60));")
    else:
        js("brush.spline([[x + random(-20, 20), 300], [x + random(-20, 20), (y + 300) / 2], [x, y]], 0.6);")
    js.close()
    if field and not bands and len(kinds) == 1:  # (several species fill the field themselves)
        js(f"brush.set({quote(main[-1])}, {quote(shade(pal['ground'], -0.35))}, {2 if wheat else 1});")
        js.open(f"for (let i = 0; i < {ctx.i(40, 70, 10)}; i++)")
        js(f"const x = random(-290, 290), y = random({ground + 10}, 295);")
        js("brush.line(x, y, x + random(-5, 5), y - random(10, 25));")
        if wheat:
            js("brush.line(x, y - 20, x + 2, y - 34);")
        js.close()
