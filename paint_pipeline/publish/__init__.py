"""Publishing approved checkpoints: a local registry by default, the Hugging Face Hub and Kaggle Models
when configured. Every publisher first assembles the whole folder in a temporary place, then moves or
uploads it in one piece."""
