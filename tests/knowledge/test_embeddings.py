import asyncio

import numpy as np
import pytest
from django.core.management import CommandError, call_command

from agents.embeddings import EmbeddingsClient, EmbeddingsConfig, EmbeddingsError
from knowledge import embeddings, selectors, services
from knowledge.embeddings import EmbeddingConfigError, OpenAIEmbedder, UseEmbedder, build_embedder
from knowledge.indexing import article_embedding_text
from knowledge.models import Article
from knowledge.selectors import statute_search
from tests.fakellm import FakeLLM, unused_base_url
from tests.statutes import SHIPPED_VECTORS, load_vectors, text_digest


def _config(base_url: str, **overrides) -> EmbeddingsConfig:
    defaults = {"base_url": base_url, "model": "text-embedding-v3", "dim": 8, "api_key": "sk-test-123456",
                "batch_size": 10}
    return EmbeddingsConfig(**{**defaults, **overrides})


def test_client_batches_and_checks_dimensions():
    with FakeLLM(embedding_dim=8, api_key="sk-test-123456") as fake:
        client = EmbeddingsClient(_config(fake.base_url))
        vectors = client.embed([f"条文{i}" for i in range(25)] + [""])
        assert len(vectors) == 26 and all(len(v) == 8 for v in vectors)
        requests = [r for r in fake.requests if r.path.endswith("/embeddings")]
        assert [len(r.json["input"]) for r in requests] == [10, 10, 6]
        assert requests[0].json["model"] == "text-embedding-v3" and "dimensions" not in requests[0].json
        assert requests[-1].json["input"][-1] == " "  # empty input is sent as a space
        assert asyncio.run(client.aembed(["异步"])) == client.embed(["异步"])


def test_client_sends_dimensions_when_asked_and_rejects_wrong_sizes():
    with FakeLLM(embedding_dim=8) as fake:
        sized = EmbeddingsClient(_config(fake.base_url, dim=16, send_dimensions=True))
        assert len(sized.embed(["劳动合同"])[0]) == 16
        wrong = EmbeddingsClient(_config(fake.base_url, dim=16))
        with pytest.raises(EmbeddingsError, match="size 8, EMBEDDING_DIM is 16"):
            wrong.embed(["劳动合同"])


def test_client_errors_are_clear_and_hide_the_key():
    with FakeLLM(api_key="another-key-999") as fake:
        with pytest.raises(EmbeddingsError, match="HTTP 401") as caught:
            EmbeddingsClient(_config(fake.base_url)).embed(["x"])
        assert "sk-test-123456" not in str(caught.value)
    with pytest.raises(EmbeddingsError, match="failed"):
        EmbeddingsClient(_config(unused_base_url(), timeout=2)).embed(["x"])


def test_offline_embedder_is_512_dimensional_and_normalised(memo_embedder):
    vectors = UseEmbedder().embed(["劳动合同解除", "高空抛物"])
    assert vectors.shape == (2, 512)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


@pytest.mark.django_db
def test_the_shipped_test_vectors_cover_the_test_laws_and_are_the_models(judicial_statutes):
    """tests/data/statute_vectors.npz (tests/statutes.py) holds the vector of every text the importer embeds for
    the template's laws and JUDICIAL_DOCS, and they are the model's: a changed test law, embedded text or model
    fails here, and the file is written again with the command in tests/statutes.py."""
    shipped = load_vectors(SHIPPED_VECTORS)
    rows = Article.objects.values_list("law__name", "chapter", "section", "text", "law__aliases")
    texts = sorted({article_embedding_text(law_name=name, chapter=chapter, section=section, text=text,
                                           aliases=aliases or ()) for name, chapter, section, text, aliases in rows})
    assert len(texts) > 2000
    assert [text for text in texts if text_digest(text) not in shipped] == []
    sample = texts[:: len(texts) // 5][:5]
    assert np.allclose(UseEmbedder().embed(sample), [shipped[text_digest(text)] for text in sample], atol=1e-5)
    # and the template's stored vectors are the file's
    stored = {article_embedding_text(law_name=a.law.name, chapter=a.chapter, section=a.section, text=a.text,
                                     aliases=a.law.aliases or ()): a.embedding
              for a in Article.objects.select_related("law").filter(embedding__isnull=False)[:50]}
    assert stored and all(np.allclose(vector, shipped[text_digest(text)], atol=1e-6) for text, vector in stored.items())


def test_offline_backend_refuses_another_dimension(settings):
    settings.EMBEDDING_BACKEND, settings.EMBEDDING_DIM = "use", 768
    with pytest.raises(EmbeddingConfigError, match="512"):
        build_embedder()


def test_reembed_with_an_openai_backend_changes_the_column_and_search_follows(statutes, settings, monkeypatch):
    with FakeLLM(embedding_dim=8) as fake:
        settings.EMBEDDING_BACKEND, settings.EMBEDDING_BASE_URL = "openai", fake.base_url
        settings.EMBEDDING_MODEL, settings.EMBEDDING_DIM, settings.EMBEDDING_BATCH_SIZE = "fake-embed", 8, 256
        embedder = OpenAIEmbedder()
        monkeypatch.setattr(embeddings, "_embedder", embedder)
        selectors.invalidate_caches()
        assert selectors.corpus_status()["embedding"]["needs_reembed"] is True
        assert statute_search(query="经济补偿", top_k=3).query.dense is False  # stale vectors are not used

        count = services.statute_reembed(embedder=embedder)
        assert count == Article.objects.count()
        assert selectors.embedding_column_dim() == 8
        assert not Article.objects.filter(embedding__isnull=True).exists()
        status = selectors.corpus_status()["embedding"]
        assert status["column_dim"] == 8 and status["needs_reembed"] is False
        assert statute_search(query="经济补偿", top_k=3).query.dense is True
    selectors.invalidate_caches()


def test_embedding_more_vectors_of_another_model_is_refused(statutes, settings, monkeypatch):
    with FakeLLM(embedding_dim=512) as fake:
        settings.EMBEDDING_BACKEND, settings.EMBEDDING_BASE_URL = "openai", fake.base_url
        settings.EMBEDDING_MODEL, settings.EMBEDDING_DIM = "fake-embed", 512
        monkeypatch.setattr(embeddings, "_embedder", OpenAIEmbedder())
        Article.objects.filter(pk=Article.objects.first().pk).update(embedding=None)
        with pytest.raises(CommandError, match="reembed"):
            call_command("reembed", "--missing", "--no-progress")
