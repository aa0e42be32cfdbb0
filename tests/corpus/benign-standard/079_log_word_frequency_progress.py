# Compute a word frequency table, logging progress to stdout.
import logging
import sys
from collections import Counter

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(message)s", stream=sys.stdout)
logger = logging.getLogger(__name__)

DOCS = [
    "the cat sat on the mat",
    "the dog chased the cat",
    "a bird sat on the fence",
]

counts = Counter()
for i, doc in enumerate(DOCS, 1):
    words = doc.split()
    counts.update(words)
    logger.info("processed document %d/%d (%d words)", i, len(DOCS), len(words))
logger.debug("this debug line is hidden at INFO level")

for word, n in counts.most_common(4):
    print(f"{word:<6} {n}")
if counts["the"] > 4:
    logger.warning("'the' dominates the corpus (%d occurrences)", counts["the"])
