"""docs/rl.md: its examples run as written, and its feature table is the encoder's."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from monopoly_deal.rl.encoding import ObservationEncoder

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_rl_doc_examples_run() -> None:
    text = DOC.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, "rl.md", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 10 and result.failed == 0


def test_rl_doc_feature_table_is_the_encoders() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = re.search(r"<!-- features: ObservationEncoder\(2\)\.describe\(\) -->\n(.*?)\n<!-- end features -->",
                      text, flags=re.DOTALL)
    assert table is not None and table.group(1) == ObservationEncoder(2).describe()
