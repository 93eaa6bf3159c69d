"""Line-level readers shared by the parsers: splitting a bilingual line into its English and Chinese
parts (bilingual.py), joining Chinese lines into paragraphs (zh_text.py), and the walker the older
editions' grammars share (older_laws.py)."""
