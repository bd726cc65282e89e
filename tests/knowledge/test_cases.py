"""Case library: upload (docx/md/txt/pdf), structure-aware chunks, hybrid search, visibility, bad input,
the search_cases tool, the API and the portal page. Real database, the real offline embedding model."""

import io
import uuid
import zipfile
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from agents.tools import RunContext, ToolCache, ToolRegistry
from firm.models import Matter, MatterMember
from knowledge import embeddings
from knowledge import tools as knowledge_tools
from knowledge.casefiles import CaseUploadError
from knowledge.exceptions import CasePermissionDenied
from knowledge.models import Article, CaseChunk, CaseDocument
from knowledge.selectors import case_get, case_list, case_search, embedding_column_dim
from knowledge.services import case_delete, case_extract, case_reembed, case_upload
from knowledge.services.cases import EXTRACT_STALE_SECONDS
from tests.core.test_documents import scanned_pdf
from tests.knowledge.case_files import extract_now, upload_case

pytestmark = pytest.mark.django_db

CASES = "/api/v1/knowledge/cases"

JUDGMENT = """上海市浦东新区人民法院
民事判决书
（2023）沪0115民初12345号
原告：上海甲贸易有限公司，住所地上海市浦东新区。
被告：乙科技有限公司，住所地北京市海淀区。
原告上海甲贸易有限公司向本院提出诉讼请求：1.判令被告支付货款人民币100000元；2.判令被告支付逾期付款违约金。
事实与理由：双方签订买卖合同，原告依约交付货物，被告收货后一直未付款。
被告辩称，货物存在质量瑕疵，不应付款。
经审理查明：2022年3月1日，双方签订《买卖合同》，约定被告于收货后30日内付款。
本院认为，依法成立的合同对当事人具有法律约束力。被告收货后未在约定期限内付款，构成违约，应当支付货款及逾期付款违约金。被告关于货物质量瑕疵的抗辩未提交证据，本院不予采信。依照《中华人民共和国民法典》第五百七十七条之规定，判决如下：
一、被告乙科技有限公司于本判决生效之日起十日内支付原告货款人民币100000元；
二、驳回原告其他诉讼请求。
审判员 张三
二〇二三年五月十日"""

LABOR = """北京市海淀区人民法院
民事判决书
（2024）京0108民初888号
原告：王某。
被告：丙网络公司。
原告王某向本院提出诉讼请求：判令被告支付违法解除劳动合同赔偿金。
本院认为，用人单位以劳动者严重违反规章制度为由解除劳动合同，应当对规章制度经过民主程序制定并已告知劳动者承担举证责任。被告未能举证，其解除行为构成违法解除，应当支付赔偿金。
判决如下：
被告丙网络公司支付原告王某违法解除劳动合同赔偿金六万元。"""


@pytest.fixture(autouse=True)
def _shared_model(memo_embedder, monkeypatch):
    """The real USE model, memoised for the session (the same instance the statute tests use)."""
    monkeypatch.setattr(embeddings, "_embedder", memo_embedder)


def upload(name, data):
    return SimpleUploadedFile(name, data)


def docx_bytes(lines, table=None):
    import docx

    document = docx.Document()
    for line in lines:
        document.add_paragraph(line)
    if table:
        t = document.add_table(rows=len(table), cols=len(table[0]))
        for r, row in enumerate(table):
            for c, value in enumerate(row):
                t.cell(r, c).text = value
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def pdf_bytes(lines):
    """A one-page PDF with a Chinese text layer (Type0 font, Identity-H, ToUnicode CMap)."""
    chars = sorted({c for line in lines for c in line})
    mapping = "\n".join(f"<{ord(c):04X}> <{ord(c):04X}>" for c in chars)
    cmap = ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo "
            "<< /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def "
            "/CMapType 2 def 1 begincodespacerange <0000> <FFFF> endcodespacerange "
            f"{len(chars)} beginbfchar\n{mapping}\nendbfchar "
            "endcmap CMapName currentdict /CMap defineresource pop end end")
    content = "\n".join(["BT", "/F1 12 Tf", "14 TL", "50 780 Td",
                         *("<" + "".join(f"{ord(c):04X}" for c in line) + "> Tj T*" for line in lines), "ET"])
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> "
        "/Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /Identity-H "
        "/DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
        f"<< /Length {len(content.encode())} >>\nstream\n{content}\nendstream",
        "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light "
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 1000 >>",
        f"<< /Length {len(cmap.encode())} >>\nstream\n{cmap}\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{body}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{off:010d} 00000 n \n".encode() for off in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def make_matter(owner, members=(), privileged=False):
    matter = Matter.objects.create(number=f"M-{uuid.uuid4().hex[:8]}", title="买卖合同纠纷", client="甲公司",
                                   owner=owner, privileged=privileged)
    for member in members:
        MatterMember.objects.create(matter=matter, user=member)
    return matter


def counts():
    return CaseDocument.objects.count(), CaseChunk.objects.count()


# -- upload and chunking -------------------------------------------------------------------------------------


def test_docx_upload_follows_the_judgment_structure(staff_user):
    data = docx_bytes(JUDGMENT.split("\n"), table=[["证据", "证明目的"], ["买卖合同", "双方存在买卖关系"]])
    document = upload_case(actor=staff_user, file=upload("判决书.docx", data), title="甲诉乙买卖合同纠纷")
    assert (document.title, document.court, document.case_number) == (
        "甲诉乙买卖合同纠纷", "上海市浦东新区人民法院", "（2023）沪0115民初12345号")
    assert str(document.decided_date) == "2023-05-10" and document.size == len(data)
    assert document.content_type.endswith("wordprocessingml.document") and len(document.sha256) == 64
    chunks = list(document.chunks.order_by("ordinal"))
    headings = [c.heading for c in chunks]
    assert headings[:2] == ["首部", "当事人"]
    for name in ("诉讼请求", "事实与理由", "本院查明", "本院认为", "裁判结果"):
        assert name in headings
    reasoning = next(c for c in chunks if c.heading == "本院认为")
    assert reasoning.text.startswith("本院认为") and "构成违约" in reasoning.text and "驳回" not in reasoning.text
    verdict = next(c for c in chunks if c.heading == "裁判结果")
    assert verdict.text.startswith("一、被告乙科技有限公司") and "驳回原告其他诉讼请求" in verdict.text
    assert any("买卖合同 | 双方存在买卖关系" in c.text for c in chunks)  # the table's rows
    assert all(c.embedding is not None and len(c.embedding) == 512 and c.search_tokens for c in chunks)


def test_markdown_upload_uses_its_headings(staff_user):
    text = "# 案情简介\n甲公司拖欠工程款。\n\n## 争议焦点\n工程款的结算依据。\n\n## 裁判要旨\n以双方签字的结算单为准。"
    document = upload_case(actor=staff_user, file=upload("要旨.md", text.encode()))
    assert document.title == "要旨" and document.content_type == "text/markdown"
    assert [(c.heading, c.text) for c in document.chunks.order_by("ordinal")] == [
        ("案情简介", "甲公司拖欠工程款。"), ("争议焦点", "工程款的结算依据。"),
        ("裁判要旨", "以双方签字的结算单为准。")]


def test_txt_upload_in_utf8_and_gb18030(staff_user):
    utf8 = upload_case(actor=staff_user, file=upload("a.txt", LABOR.encode("utf-8")))
    gbk = upload_case(actor=staff_user, file=upload("b.txt", LABOR.encode("gb18030")))
    for document in (utf8, gbk):
        assert document.court == "北京市海淀区人民法院" and document.case_number == "（2024）京0108民初888号"
        reasoning = document.chunks.get(heading="本院认为")
        assert "违法解除" in reasoning.text
        assert document.chunks.get(heading="裁判结果").text.startswith("被告丙网络公司支付原告王某")


def test_plain_text_without_structure_is_grouped_by_paragraphs(staff_user):
    paragraphs = [f"第{i}段：" + "合同履行情况说明。" * 40 for i in range(6)]
    document = upload_case(actor=staff_user, file=upload("notes.txt", "\n\n".join(paragraphs).encode()))
    chunks = list(document.chunks.order_by("ordinal"))
    assert 3 <= len(chunks) <= 6 and all(c.heading == "" for c in chunks)
    assert all(len(c.text) <= 1600 for c in chunks) and chunks[0].text.startswith("第0段")


def test_pdf_upload(staff_user):
    lines = ["北京市朝阳区人民法院", "民事判决书", "本院认为，被告未按约定交付房屋，应当承担逾期交房违约责任。",
             "判决如下：", "被告支付原告逾期交房违约金五万元。"]
    document = upload_case(actor=staff_user, file=upload("交房.pdf", pdf_bytes(lines)))
    assert document.content_type == "application/pdf" and document.court == "北京市朝阳区人民法院"
    assert "逾期交房违约责任" in document.chunks.get(heading="本院认为").text
    assert document.chunks.get(heading="裁判结果").text == "被告支付原告逾期交房违约金五万元。"


def test_a_scanned_pdf_is_read_by_ocr(staff_user):
    scan = scanned_pdf(["北京市朝阳区人民法院", "民事判决书", "本院认为，被告应当支付货款。", "判决如下：",
                        "被告支付原告货款五万元。"])
    document = upload_case(actor=staff_user, file=upload("扫描判决.pdf", scan))
    assert document.status == CaseDocument.Status.READY and document.court == "北京市朝阳区人民法院"
    assert "支付货款" in document.chunks.get(heading="本院认为").text


# -- search ----------------------------------------------------------------------------------------------------


def test_search_finds_the_reasoning_chunk(staff_user):
    sale = upload_case(actor=staff_user, file=upload("sale.txt", JUDGMENT.encode()), title="买卖合同纠纷")
    labor = upload_case(actor=staff_user, file=upload("labor.txt", LABOR.encode()), title="劳动争议")
    hits = case_search(user=staff_user, query="用人单位违法解除劳动合同 规章制度 举证责任", top_k=3)
    assert hits[0].document_id == labor.pk and hits[0].heading == "本院认为"
    assert hits[0].score == 1.0 and "fts" in hits[0].signals and "举证责任" in hits[0].matched_terms
    hits = case_search(user=staff_user, query="买方收货后逾期付款要承担违约责任吗", top_k=2)
    assert hits[0].document_id == sale.pk and hits[0].heading == "本院认为"
    assert hits[0].url == f"/knowledge/cases/{sale.pk}/#chunk-{hits[0].chunk_id}"


def test_search_refuses_bad_queries(staff_user):
    from knowledge.exceptions import InvalidQuery

    for query in ("", "a", "字" * 30_001):
        with pytest.raises(InvalidQuery):
            case_search(user=staff_user, query=query)


# -- visibility --------------------------------------------------------------------------------------------------


def test_visibility_follows_work_visible_q(make_user):
    owner, member, outsider, compliance, admin = (make_user(r) for r in
                                                  ("staff", "staff", "staff", "compliance", "admin"))
    matter = make_matter(owner, members=[member])
    private = upload_case(actor=owner, file=upload("p.txt", LABOR.encode()), title="私人")
    shared = upload_case(actor=owner, file=upload("s.txt", LABOR.encode()), title="团队", matter=matter)
    secret = make_matter(owner, members=[member], privileged=True)
    walled = upload_case(actor=member, file=upload("w.txt", LABOR.encode()), title="保密", matter=secret)

    def visible(user):
        return set(case_list(user=user).values_list("title", flat=True))

    assert visible(owner) == {"私人", "团队", "保密"}
    assert visible(member) == {"团队", "保密"}
    assert visible(outsider) == set() and visible(compliance) == set()
    assert visible(admin) == {"私人", "团队"}  # not the privileged matter's work
    assert case_list(user=owner, matter_id=matter.pk).get() == shared
    with pytest.raises(CaseDocument.DoesNotExist):
        case_get(user=outsider, document_id=private.pk)
    with pytest.raises(CaseDocument.DoesNotExist):
        case_get(user=admin, document_id=walled.pk)
    query = "违法解除劳动合同 赔偿金"
    assert {h.document_id for h in case_search(user=member, query=query, top_k=20)} == {shared.pk, walled.pk}
    assert case_search(user=outsider, query=query) == [] and case_search(user=compliance, query=query) == []


def test_upload_only_to_the_users_own_matters_and_not_by_compliance(make_user):
    owner, outsider, compliance = make_user(), make_user(), make_user("compliance")
    matter = make_matter(owner)
    before = counts()
    with pytest.raises(CaseUploadError, match="所在团队"):
        case_upload(actor=outsider, file=upload("a.txt", LABOR.encode()), matter=matter)
    with pytest.raises(CasePermissionDenied):
        case_upload(actor=compliance, file=upload("a.txt", LABOR.encode()))
    assert counts() == before


def test_delete_by_owner_or_admin_only(make_user):
    owner, member, admin = make_user(), make_user(), make_user("admin")
    matter = make_matter(owner, members=[member])
    document = upload_case(actor=owner, file=upload("a.txt", LABOR.encode()), matter=matter)
    with pytest.raises(CasePermissionDenied):
        case_delete(actor=member, document=document)
    case_delete(actor=admin, document=document)
    assert not CaseDocument.objects.filter(pk=document.pk).exists()
    assert not CaseChunk.objects.filter(document_id=document.pk).exists()


# -- bad input ----------------------------------------------------------------------------------------------------


def _zip(entries):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return out.getvalue()


BAD_FILES = {
    "exe": ("tool.exe", b"MZ\x90\x00binary", "不支持的文件类型"),
    "docx_is_text": ("fake.docx", "本院认为，这其实是文本。".encode(), "不是 Word 文档"),
    "pdf_is_zip": ("fake.pdf", None, "不是 PDF"),
    "empty": ("empty.txt", b"", "文件为空"),
    "blank": ("blank.md", b"   \n\n  ", "没有可读取的文字"),
    "zip_bomb": ("bomb.docx", None, "压缩炸弹"),
    "corrupt_docx": ("corrupt.docx", None, "已损坏"),
    "zip_without_document": ("other.docx", None, "缺少 word/document.xml"),
    "txt_is_zip": ("fake.txt", None, "不是文本文件"),
    "corrupt_pdf": ("broken.pdf", b"%PDF-1.4\n1 0 obj << /Type /Catalog garbage", "已损坏"),
}


def _bad_bytes(case):
    if case in ("pdf_is_zip", "txt_is_zip", "zip_without_document"):
        return _zip({"word/other.xml": "<x/>"})
    if case == "zip_bomb":
        return _zip({"word/document.xml": "<w:document/>", "word/media/bomb.bin": b"\0" * (120 * 1024 * 1024)})
    if case == "corrupt_docx":
        return _zip({"[Content_Types].xml": "<Types", "word/document.xml": "<w:document><broken"})
    return BAD_FILES[case][1]


#: Bad files only parsing shows: accepted at upload, then ``failed`` with the reason.
FAILED_IN_THE_WORKER = ("corrupt_docx", "corrupt_pdf")


@pytest.mark.parametrize("case", [c for c in BAD_FILES if c not in FAILED_IN_THE_WORKER])
def test_bad_uploads_are_refused_and_nothing_is_stored(case, staff_user, api_client):
    name, _, message = BAD_FILES[case]
    data = _bad_bytes(case)
    before = counts()
    with pytest.raises(CaseUploadError, match=message):
        case_upload(actor=staff_user, file=upload(name, data))
    api_client.force_authenticate(staff_user)
    response = api_client.post(CASES, {"file": upload(name, data)}, format="multipart")
    assert response.status_code == 400 and message in response.json()["detail"]
    assert counts() == before


@pytest.mark.parametrize("case", FAILED_IN_THE_WORKER)
def test_files_that_only_parsing_shows_bad_end_failed_with_the_reason(case, staff_user, api_client):
    name, _, message = BAD_FILES[case]
    api_client.force_authenticate(staff_user)
    response = api_client.post(CASES, {"file": upload(name, _bad_bytes(case))}, format="multipart")
    assert response.status_code == 201 and response.json()["status"] == "pending"
    document = extract_now(response.json()["id"])
    assert document.status == "failed" and message in document.error
    shown = api_client.get(f"{CASES}/{document.pk}").json()
    assert (shown["status"], shown["chunk_count"]) == ("failed", 0) and message in shown["error"]
    assert not CaseChunk.objects.filter(document=document).exists()


def test_oversized_file_is_refused(staff_user, api_client, settings):
    settings.KNOWLEDGE_CASE_MAX_BYTES = 1000
    before = counts()
    with pytest.raises(CaseUploadError, match="文件过大"):
        case_upload(actor=staff_user, file=upload("big.txt", ("本院认为" * 300).encode()))
    api_client.force_authenticate(staff_user)
    response = api_client.post(CASES, {"file": upload("big.txt", ("本院认为" * 300).encode())}, format="multipart")
    assert response.status_code == 400 and "上限" in response.json()["detail"]
    assert counts() == before


def test_a_failure_while_storing_leaves_nothing(staff_user, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("database went away")

    document = case_upload(actor=staff_user, file=upload("a.txt", LABOR.encode()))
    monkeypatch.setattr(CaseChunk.objects, "bulk_create", broken)
    with pytest.raises(RuntimeError):
        case_extract(document_id=document.pk)
    document.refresh_from_db()
    # no chunk written, the document still pending with its bytes: a later run extracts it
    assert document.status == "pending" and not CaseChunk.objects.filter(document=document).exists()
    monkeypatch.undo()
    document.started_at = timezone.now() - timedelta(seconds=EXTRACT_STALE_SECONDS + 1)
    document.save(update_fields=["started_at"])
    assert extract_now(document.pk).status == "ready" and CaseChunk.objects.filter(document=document).exists()


# -- the agent tool ------------------------------------------------------------------------------------------------


def test_search_cases_tool_returns_only_what_the_user_may_see(make_user):
    owner, outsider = make_user(), make_user()
    document = upload_case(actor=owner, file=upload("labor.txt", LABOR.encode()), title="王某诉丙公司劳动争议")
    box = ToolRegistry(cache=ToolCache(namespace=f"test-{uuid.uuid4().hex[:8]}"))
    box.register(knowledge_tools.search_cases)
    toolbox = box.toolbox("legal_research", allow=["*"])
    args = {"query": "违法解除劳动合同 赔偿金", "top_k": 3}
    mine = async_to_sync(toolbox.call)("search_cases", args, ctx=RunContext(user=owner))
    assert mine.ok, mine.error
    first = mine.output["sources"][0]
    assert set(first) == {"title", "document_id", "chunk_id", "heading", "score", "url"}
    assert (first["title"], first["document_id"]) == ("王某诉丙公司劳动争议", document.pk)
    head = "[1] 《王某诉丙公司劳动争议》（北京市海淀区人民法院，（2024）京0108民初888号）"
    assert mine.output["content"].startswith(head)
    theirs = async_to_sync(toolbox.call)("search_cases", args, ctx=RunContext(user=outsider))
    assert theirs.ok and theirs.output["sources"] == []  # the per-user cache does not leak the owner's result
    assert theirs.output["content"] == "案例库中没有找到相关案例。"


# -- API -------------------------------------------------------------------------------------------------------------


def test_api_upload_list_get_search_delete(make_user, api_client):
    owner, member, outsider = make_user(), make_user(), make_user()
    matter = make_matter(owner, members=[member])
    api_client.force_authenticate(owner)
    response = api_client.post(CASES, {"file": upload("判决.docx", docx_bytes(JUDGMENT.split("\n"))),
                                       "title": "买卖合同纠纷", "matter": matter.pk}, format="multipart")
    assert response.status_code == 201, response.json()
    # stored at once; extraction is the worker's: nothing is searchable yet
    assert (response.json()["status"], response.json()["chunk_count"], response.json()["error"]) == ("pending", 0, "")
    pk = response.json()["id"]
    assert api_client.get(f"{CASES}/search", {"q": "被告逾期付款构成违约"}).json()["results"] == []
    extract_now(pk)
    created = api_client.get(f"{CASES}/{pk}").json()
    assert created["status"] == "ready"
    assert created["title"] == "买卖合同纠纷" and created["matter"] == matter.pk and created["chunk_count"] >= 6
    assert created["case_number"] == "（2023）沪0115民初12345号" and created["decided_date"] == "2023-05-10"

    api_client.force_authenticate(member)
    listed = api_client.get(CASES).json()["results"]
    assert [d["id"] for d in listed] == [pk]
    detail = api_client.get(f"{CASES}/{pk}").json()
    assert [c["heading"] for c in detail["chunks"]][:2] == ["首部", "当事人"]
    found = api_client.get(f"{CASES}/search", {"q": "被告逾期付款构成违约", "top_k": 2}).json()["results"]
    assert found[0]["document_id"] == pk and found[0]["heading"] == "本院认为"
    assert {"title", "chunk_id", "heading", "text", "score", "url"} <= set(found[0])
    assert api_client.get(f"{CASES}/search", {"q": "x"}).status_code == 400
    assert api_client.delete(f"{CASES}/{pk}").status_code == 403  # team member, not the uploader

    api_client.force_authenticate(outsider)
    assert api_client.get(CASES).json()["results"] == []
    assert api_client.get(f"{CASES}/{pk}").status_code == 404
    assert api_client.delete(f"{CASES}/{pk}").status_code == 404
    assert api_client.get(f"{CASES}/search", {"q": "逾期付款"}).json()["results"] == []

    api_client.force_authenticate(owner)
    assert api_client.delete(f"{CASES}/{pk}").status_code == 204
    assert api_client.get(f"{CASES}/{pk}").status_code == 404


def test_api_requires_authentication_and_refuses_foreign_matters(make_user, api_client):
    assert api_client.get(CASES).status_code in (401, 403)
    owner, outsider = make_user(), make_user()
    matter = make_matter(owner)
    api_client.force_authenticate(outsider)
    before = counts()
    response = api_client.post(CASES, {"file": upload("a.txt", LABOR.encode()), "matter": matter.pk},
                               format="multipart")
    # a matter outside the asker's scope is looked up like every other (firm.selectors.matter_get_or_404)
    assert response.status_code == 404 and response.json() == {"detail": "案件不存在或无权查看"}
    assert counts() == before


def test_api_upload_to_a_missing_or_walled_matter_is_404_and_stores_nothing(make_user, api_client):
    owner, member, admin = make_user(), make_user(), make_user("admin")
    walled = make_matter(owner, members=[member], privileged=True)
    missing = Matter.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    before = counts()
    for user, matter_id in ((owner, missing + 1000), (admin, missing + 1000), (make_user(), walled.pk)):
        api_client.force_authenticate(user)
        response = api_client.post(CASES, {"file": upload("a.txt", LABOR.encode()), "matter": matter_id},
                                   format="multipart")
        assert response.status_code == 404, (user.username, matter_id, response.content)
    assert counts() == before
    api_client.force_authenticate(member)  # the team still files under it
    response = api_client.post(CASES, {"file": upload("a.txt", LABOR.encode()), "matter": walled.pk},
                               format="multipart")
    assert response.status_code == 201 and response.json()["matter"] == walled.pk


def test_case_endpoints_are_in_the_openapi_schema(staff_user, api_client):
    api_client.force_authenticate(staff_user)
    response = api_client.get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    for route in ("/api/v1/knowledge/cases", "/api/v1/knowledge/cases/{document_id}",
                  "/api/v1/knowledge/cases/search"):
        assert route in text


# -- portal ------------------------------------------------------------------------------------------------------------


def test_portal_page_upload_search_and_delete(client, make_user):
    owner = make_user()
    matter = make_matter(owner)
    client.force_login(owner)
    page = client.get("/knowledge/cases/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>案例库</h1>" in html and 'enctype="multipart/form-data"' in html and str(matter) in html
    assert "/knowledge/cases/" in client.get("/knowledge/").content.decode()  # linked from 法规检索

    response = client.post("/knowledge/cases/", {"file": upload("劳动.txt", LABOR.encode()), "title": "王某案",
                                                 "matter": str(matter.pk)}, follow=True)
    assert response.status_code == 200 and "已上传案例“王某案”，正在后台提取" in response.content.decode()
    document = CaseDocument.objects.get(title="王某案")
    assert document.matter == matter and document.owner == owner and document.status == "pending"
    assert "正在后台提取文字并分段" in client.get(f"/knowledge/cases/{document.pk}/").content.decode()
    extract_now(document.pk)
    assert ">可检索<" in client.get("/knowledge/cases/").content.decode()

    found = client.get("/knowledge/cases/", {"q": "违法解除 赔偿金"}).content.decode()
    assert f"/knowledge/cases/{document.pk}/#chunk-" in found and "<mark>" in found
    detail = client.get(f"/knowledge/cases/{document.pk}/").content.decode()
    assert "本院认为" in detail and "裁判结果" in detail

    bad = client.post("/knowledge/cases/", {"file": upload("virus.exe", b"MZ")})
    assert bad.status_code == 400 and "不支持的文件类型" in bad.content.decode()

    client.post(f"/knowledge/cases/{document.pk}/delete/", {})  # no confirmation: kept
    assert CaseDocument.objects.filter(pk=document.pk).exists()
    client.post(f"/knowledge/cases/{document.pk}/delete/", {"confirm": "yes"})
    assert not CaseDocument.objects.filter(pk=document.pk).exists()


def test_portal_hides_other_peoples_cases(client, make_user):
    owner, outsider = make_user(), make_user()
    document = upload_case(actor=owner, file=upload("a.txt", LABOR.encode()), title="他人的案例")
    client.force_login(outsider)
    assert "他人的案例" not in client.get("/knowledge/cases/").content.decode()
    assert client.get(f"/knowledge/cases/{document.pk}/").status_code == 404
    assert client.post(f"/knowledge/cases/{document.pk}/delete/", {"confirm": "yes"}).status_code == 404
    assert CaseDocument.objects.filter(pk=document.pk).exists()


class ToyEmbedder:
    """An 8-dimensional embedder (another backend's dimension) for the re-embedding test."""

    backend, model, dim = "toy", "toy-8", 8

    def embed(self, texts):
        import numpy as np

        rows = [np.array([len(t) % 7 + 1, t.count("违") + 1, t.count("约") + 1, 1, 2, 3, 4, 5], dtype=np.float32)
                for t in texts]
        return np.array([r / np.linalg.norm(r) for r in rows], dtype=np.float32)


def test_a_new_dimension_stores_without_vectors_until_reembed(staff_user, monkeypatch):
    first = upload_case(actor=staff_user, file=upload("a.txt", LABOR.encode()))
    monkeypatch.setattr(embeddings, "_embedder", ToyEmbedder())
    second = upload_case(actor=staff_user, file=upload("b.txt", JUDGMENT.encode()))  # column is still 512-d
    assert not second.chunks.filter(embedding__isnull=False).exists()
    hits = case_search(user=staff_user, query="违法解除劳动合同", top_k=3)
    assert hits and all(h.signals == ["fts"] for h in hits)  # no stale 512-d comparison
    article_dim = embedding_column_dim(Article)
    assert embedding_column_dim(CaseChunk) == article_dim != 8
    assert case_reembed() == CaseChunk.objects.count()
    assert not CaseChunk.objects.filter(embedding__isnull=True).exists()
    assert len(first.chunks.first().embedding) == 8
    assert (embedding_column_dim(CaseChunk), embedding_column_dim(Article)) == (8, article_dim)  # one table altered
    assert "dense" in case_search(user=staff_user, query="违法解除劳动合同", top_k=3)[0].signals


def _bare_documents(owner, n: int, matter=None) -> list[int]:
    """Rows only (no file, no chunks): enough for listing."""
    rows = [CaseDocument(owner=owner, matter=matter, title=f"判决{i:02d}", file_name=f"{i}.txt",
                         content_type="text/plain", size=10, sha256=f"{i:064d}") for i in range(n)]
    return [d.pk for d in CaseDocument.objects.bulk_create(rows)]


def test_api_list_is_paginated_newest_first_and_scoped(make_user, api_client):
    owner, outsider = make_user(), make_user()
    ids = _bare_documents(owner, 25)
    _bare_documents(outsider, 3)
    api_client.force_authenticate(owner)
    first = api_client.get(CASES).json()
    assert first["count"] == 25 and len(first["results"]) == 20 and first["previous"] is None
    second = api_client.get(first["next"]).json()
    assert len(second["results"]) == 5 and second["next"] is None
    listed = [d["id"] for d in first["results"] + second["results"]]
    assert listed == sorted(ids, reverse=True)  # same created_at within a bulk insert: newest id first
    assert api_client.get(CASES, {"page": 9}).status_code == 404
    assert api_client.get(CASES, {"matter": "x"}).status_code == 400


def test_page_lists_twenty_cases_a_page_with_links(make_user, client):
    owner = make_user()
    _bare_documents(owner, 23)
    client.force_login(owner)
    first = client.get("/knowledge/cases/").content.decode()
    assert first.count("判决") >= 20 and "第 1 / 2 页，共 23 件" in first and "?page=2" in first
    second = client.get("/knowledge/cases/", {"page": 2}).content.decode()
    assert "第 2 / 2 页" in second and "判决00" in second and "判决22" not in second
    assert "第 2 / 2 页" in client.get("/knowledge/cases/", {"page": "999"}).content.decode()  # clamped, no error


def test_search_cases_tool_reads_within_the_works_matter(make_user):
    """In a matter's work: that matter's cases and the asker's own unfiled ones; in unfiled work: the
    asker's own unfiled ones only. Never another matter's, though the asker may open them elsewhere."""
    lead, member = make_user(), make_user()
    m1, m2 = make_matter(lead, members=[member]), make_matter(lead, members=[member], privileged=True)
    titles = {
        "m1": upload_case(actor=lead, file=upload("1.txt", LABOR.encode()), title="一号案件的案例", matter=m1).pk,
        "m2": upload_case(actor=lead, file=upload("2.txt", LABOR.encode()), title="二号案件的案例", matter=m2).pk,
        "mine": upload_case(actor=member, file=upload("3.txt", LABOR.encode()), title="我的案例").pk,
        "lead's": upload_case(actor=lead, file=upload("4.txt", LABOR.encode()), title="主办律师的案例").pk,
    }
    box = ToolRegistry(cache=ToolCache(namespace=f"test-{uuid.uuid4().hex[:8]}"))
    box.register(knowledge_tools.search_cases)
    toolbox = box.toolbox("case_analysis", allow=["search_cases"])
    args = {"query": "违法解除劳动合同 赔偿金", "top_k": 10}

    def found(user, matter):
        result = async_to_sync(toolbox.call)("search_cases", args, ctx=RunContext(user=user, matter_id=matter))
        assert result.ok, result.error
        return {name for name, pk in titles.items() if pk in {s["document_id"] for s in result.output["sources"]}}

    assert found(member, m1.pk) == {"m1", "mine"}
    assert found(member, m2.pk) == {"m2", "mine"}
    assert found(member, None) == {"mine"}  # served from the same cache keys would leak m2's case here
    assert found(lead, m1.pk) == {"m1", "lead's"}
    outsider = make_user()
    assert found(outsider, m1.pk) == set()  # a matter id in the context grants nothing
