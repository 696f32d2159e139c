package memstore

import (
	"math"
	"slices"
	"strings"

	"searchagent/tools/catalog"
	"searchagent/tools/store"
	"searchagent/tools/textnorm"

	"searchagent/tools/scope"
)

// Fields of the inverted index, one per keyword scope.
const (
	fieldTags = iota
	fieldName
	fieldDescription
	fieldContent
	numFields
)

// fieldMask is a set of fields.
type fieldMask uint8

func scopeFields(s store.Scope) fieldMask {
	switch s {
	case scope.Name:
		return 1 << fieldName
	case scope.Description:
		return 1 << fieldDescription
	case scope.Content:
		return 1 << fieldContent
	case scope.All:
		return 1<<numFields - 1
	}
	return 1 << fieldTags
}

// BM25F parameters: per-field weights (a tag or name hit says more about a
// channel than a word in its description), k1 and b.
var fieldWeight = [numFields]float64{fieldTags: 2, fieldName: 2.5, fieldDescription: 1, fieldContent: 1}

const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// fieldValues returns the texts of one field of ch (store.FieldTexts of
// the field's scope, which the PostgreSQL store indexes too).
func fieldValues(ch *catalog.Channel, f int, buf []string) []string {
	return store.FieldTexts(ch, store.FieldScopes()[f], buf)
}

// postings lists the documents that contain a term in one field, in
// increasing order, with the term's frequency in each.
type postings struct {
	docs []uint32
	tfs  []uint16
}

// fieldIndex is the inverted index of one field over a platform.
type fieldIndex struct {
	post []postings // by term id
	// seq holds the unit term ids (words, CJK characters) of every
	// document in order, a 0 between two values; document d's run is
	// seq[seqOff[d]:seqOff[d+1]]. Phrases are verified on it.
	seq    []uint32
	seqOff []uint32
	length []uint32 // tokens per document, for BM25 length normalisation
	avgLen float64
}

// textIndex is the keyword index of one platform's channels.
type textIndex struct {
	n      int
	dict   map[string]uint32 // term → id; ids start at 1, 0 separates values
	df     []uint32          // by term id: documents with the term in any field
	fields [numFields]fieldIndex
}

func buildTextIndex(chans []*catalog.Channel) *textIndex {
	ix := &textIndex{n: len(chans), dict: make(map[string]uint32), df: []uint32{0}}
	for f := range ix.fields {
		ix.fields[f].post = []postings{{}}
		ix.fields[f].seqOff = make([]uint32, 1, len(chans)+1)
		ix.fields[f].length = make([]uint32, 0, len(chans))
	}
	var vals []string
	var terms, all []uint32
	for d, ch := range chans {
		all = all[:0]
		for f := range ix.fields {
			fx := &ix.fields[f]
			terms = terms[:0]
			vals = fieldValues(ch, f, vals)
			for vi, v := range vals {
				if vi > 0 && len(fx.seq) > int(fx.seqOff[d]) && fx.seq[len(fx.seq)-1] != 0 {
					fx.seq = append(fx.seq, 0)
				}
				for tok := range textnorm.Scan(v) {
					id := ix.term(tok.Text)
					terms = append(terms, id)
					if tok.Unit() {
						fx.seq = append(fx.seq, id)
					}
				}
			}
			if n := len(fx.seq); n > int(fx.seqOff[d]) && fx.seq[n-1] == 0 {
				fx.seq = fx.seq[:n-1]
			}
			fx.seqOff = append(fx.seqOff, uint32(len(fx.seq)))
			fx.length = append(fx.length, uint32(len(terms)))
			slices.Sort(terms)
			for i := 0; i < len(terms); {
				j := i + 1
				for j < len(terms) && terms[j] == terms[i] {
					j++
				}
				for int(terms[i]) >= len(fx.post) {
					fx.post = append(fx.post, postings{})
				}
				p := &fx.post[terms[i]]
				p.docs = append(p.docs, uint32(d))
				p.tfs = append(p.tfs, uint16(min(j-i, math.MaxUint16)))
				all = append(all, terms[i])
				i = j
			}
		}
		slices.Sort(all)
		for _, id := range slices.Compact(all) {
			ix.df[id]++
		}
	}
	for f := range ix.fields {
		fx := &ix.fields[f]
		for len(fx.post) < len(ix.df) {
			fx.post = append(fx.post, postings{})
		}
		var sum float64
		for _, l := range fx.length {
			sum += float64(l)
		}
		if len(fx.length) > 0 {
			fx.avgLen = sum / float64(len(fx.length))
		}
		if fx.avgLen == 0 {
			fx.avgLen = 1
		}
		fx.seq = slices.Clip(fx.seq)
	}
	return ix
}

// term returns the id of a term, adding it to the dictionary if new.
func (ix *textIndex) term(t string) uint32 {
	if id, ok := ix.dict[t]; ok {
		return id
	}
	id := uint32(len(ix.df))
	ix.dict[strings.Clone(t)] = id
	ix.df = append(ix.df, 0)
	return id
}

// plan is a keyword resolved against one platform's dictionary.
type plan struct {
	fields fieldMask
	units  []uint32 // the phrase, in order
	terms  []uint32 // distinct tokens (units and bigrams)
	known  bool     // every token occurs somewhere on the platform
}

func (ix *textIndex) plan(k store.Keyword) plan {
	p := plan{fields: scopeFields(k.Scope), known: true}
	for tok := range textnorm.Scan(k.Text) {
		id, ok := ix.dict[tok.Text]
		if !ok {
			p.known = false
			return p
		}
		if tok.Unit() {
			p.units = append(p.units, id)
		}
		if !slices.Contains(p.terms, id) {
			p.terms = append(p.terms, id)
		}
	}
	if len(p.units) == 0 {
		p.known = false
	}
	return p
}

// match returns the documents the keyword matches (sorted) and, when
// scored, their BM25F scores over the keyword's fields.
func (ix *textIndex) match(p plan, scored bool) ([]uint32, []float64) {
	if !p.known {
		return nil, nil
	}
	var docs []uint32
	for f := range numFields {
		if p.fields&(1<<f) == 0 {
			continue
		}
		fd := ix.matchField(p, f)
		if docs == nil {
			docs = fd
		} else {
			docs = union(docs, fd)
		}
	}
	if !scored || len(docs) == 0 {
		return docs, nil
	}
	scores := make([]float64, len(docs))
	tf := make([]float64, len(docs))
	for _, t := range p.terms {
		clear(tf)
		for f := range numFields {
			if p.fields&(1<<f) == 0 {
				continue
			}
			fx := &ix.fields[f]
			pl := fx.post[t]
			w := fieldWeight[f]
			// Merge the term's postings with the matched documents.
			i, j := 0, 0
			for i < len(pl.docs) && j < len(docs) {
				switch {
				case pl.docs[i] < docs[j]:
					i++
				case pl.docs[i] > docs[j]:
					j++
				default:
					norm := 1 - bm25B + bm25B*float64(fx.length[docs[j]])/fx.avgLen
					tf[j] += w * float64(pl.tfs[i]) / norm
					i++
					j++
				}
			}
		}
		df := float64(ix.df[t])
		idf := math.Log(1 + (float64(ix.n)-df+0.5)/(df+0.5))
		for j, x := range tf {
			if x > 0 {
				scores[j] += idf * x * (bm25K1 + 1) / (x + bm25K1)
			}
		}
	}
	return docs, scores
}

// matchField returns the documents in which the keyword's phrase occurs
// in field f.
func (ix *textIndex) matchField(p plan, f int) []uint32 {
	fx := &ix.fields[f]
	lists := make([][]uint32, 0, len(p.terms))
	for _, t := range p.terms {
		d := fx.post[t].docs
		if len(d) == 0 {
			return nil
		}
		lists = append(lists, d)
	}
	slices.SortFunc(lists, func(a, b []uint32) int { return len(a) - len(b) })
	out := slices.Clone(lists[0])
	for _, l := range lists[1:] {
		out = intersect(out, l)
		if len(out) == 0 {
			return nil
		}
	}
	if len(p.units) < 2 {
		return out
	}
	kept := out[:0]
	for _, d := range out {
		if containsRun(fx.seq[fx.seqOff[d]:fx.seqOff[d+1]], p.units) {
			kept = append(kept, d)
		}
	}
	return kept
}

// containsRun reports whether run occurs contiguously in seq.
func containsRun(seq, run []uint32) bool {
	for i := 0; i+len(run) <= len(seq); i++ {
		if seq[i] == run[0] && slices.Equal(seq[i:i+len(run)], run) {
			return true
		}
	}
	return false
}

// intersect keeps the elements of a (sorted) that are in b (sorted),
// reusing a's storage.
func intersect(a, b []uint32) []uint32 {
	out := a[:0]
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j = j + search(b[j:], a[i])
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// search returns the index of the first element of s not less than x
// (galloping, for a short list against a long one).
func search(s []uint32, x uint32) int {
	step := 1
	hi := 0
	for hi < len(s) && s[hi] < x {
		hi += step
		step *= 2
	}
	lo := max(0, hi-step/2)
	hi = min(hi, len(s))
	n, _ := slices.BinarySearch(s[lo:hi], x)
	return lo + n
}

// union merges two sorted lists of distinct documents.
func union(a, b []uint32) []uint32 {
	out := make([]uint32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}
