# Flyweight pattern for text glyphs: share identical glyph objects via a weak cache.
import weakref


class Glyph:
    pool = weakref.WeakValueDictionary()

    def __new__(cls, char, font="serif"):
        key = (char, font)
        glyph = cls.pool.get(key)
        if glyph is None:
            glyph = super().__new__(cls)
            glyph.char, glyph.font = char, font
            cls.pool[key] = glyph
        return glyph


text = "hello world"
glyphs = [Glyph(ch) for ch in text]
print("characters:", len(glyphs))
print("distinct glyph objects:", len({id(g) for g in glyphs}))
print("pool size:", len(Glyph.pool))
print("l glyphs shared:", glyphs[2] is glyphs[3] is glyphs[9])
bold = Glyph("h", "bold")
print("different font is new:", bold is not glyphs[0])
del glyphs
print("pool after text discarded:", sorted(Glyph.pool.keys()))
