package embed

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"searchagent/tools/taxonomy"
	"searchagent/tools/textnorm"
)

// Hashing is a deterministic, offline embedder: signed feature hashing of
// normalised tokens into a fixed number of dimensions, L2-normalised. It
// needs no model and no network, gives the same vector for the same text on
// every machine, and is the embedded default.
//
// Features are the textnorm tokens of the text: words (weight 1), numbers
// (0.5), CJK bigrams (1) and single CJK characters (0.3), plus character
// trigrams of words ("^ca", "car", "ar$"; 0.2 each) so that related word
// forms share features. Common function words ("the", "channel", "的",
// "频道") are skipped. A line that starts with one of ChannelText's labels
// has its features weighted by field: category ×2, tags ×2, name ×1.2,
// description ×1, recent titles ×0.8. Repeats of a feature within a field
// count sub-linearly (1 + ln n), so a long description that says one word
// ten times does not outweigh the category.
//
// Bilingual folding: a word of the taxonomy's alias table
// (taxonomy.Synonyms: "cooking", "美食", "烹饪" are one topic) outside the
// category line (which already names the category in zh and en) also
// adds its topic as a feature (weight 1), so that an English and a
// Chinese channel of one topic share features beyond the category line.
//
// Collision resistance: every feature is hashed into Probes buckets (3 by
// default) with independent signs, each with weight w/√probes, over 512
// dimensions by default. One bucket collision of two unrelated features
// then moves a cosine by a third as much, in either direction, and
// reaching the similarity threshold takes collisions in most probes at
// once: on the published lists' channel names the share of name pairs with
// no common feature whose cosine still reaches the threshold falls from
// 0.2-0.5% (v1: 256 dimensions, one probe) to under 0.01% (see the
// relevance report's embedder figures).
//
// The model name is "hashing-v2-<dimensions>" (with "-p<probes>" and
// "-nosyn" for other settings); WithProbes(1) and WithSynonyms(false) is
// the earlier algorithm, "hashing-v1-<dimensions>". A vector of another
// setting never compares as equal model.
type Hashing struct {
	dims     int
	probes   int
	synonyms bool
}

var (
	_ Embedder    = (*Hashing)(nil)
	_ Thresholder = (*Hashing)(nil)
)

// DefaultHashingDimensions is the dimension count of NewHashing without
// WithDimensions.
const DefaultHashingDimensions = 512

// DefaultHashingProbes is the number of buckets per feature of NewHashing
// without WithProbes.
const DefaultHashingProbes = 3

// HashingSimilarThreshold is the minimum cosine similarity at which two
// channels count as similar under Hashing. It was calibrated on the demo
// catalog (20000 channels; see memstore's recall tests and
// BenchmarkRecall): at 0.40 nearly all of a sampled anchor's similar set
// shares its category, under 1% of anchors are low recall, while the
// showcase's niche anchors (tractor restoration, life-jacket reviews),
// whose tags and titles appear nowhere else, keep only their 2-3 closest
// cluster mates (and 20-50 at 0.30, one "expand recall" step lower).
const HashingSimilarThreshold = 0.40

// ErrBadOption is returned (wrapped) for an option value out of range.
var ErrBadOption = errors.New("bad embedder option")

// HashingOption configures NewHashing.
type HashingOption func(*Hashing) error

// WithDimensions sets the number of dimensions, 16 to 4096.
func WithDimensions(n int) HashingOption {
	return func(h *Hashing) error {
		if n < 16 || n > 4096 {
			return fmt.Errorf("%w: dimensions %d (want 16..4096)", ErrBadOption, n)
		}
		h.dims = n
		return nil
	}
}

// WithProbes sets the number of buckets each feature is hashed into, 1
// to 4.
func WithProbes(n int) HashingOption {
	return func(h *Hashing) error {
		if n < 1 || n > 4 {
			return fmt.Errorf("%w: probes %d (want 1..4)", ErrBadOption, n)
		}
		h.probes = n
		return nil
	}
}

// WithSynonyms turns the bilingual folding of taxonomy.Synonyms on (the
// default) or off.
func WithSynonyms(on bool) HashingOption {
	return func(h *Hashing) error {
		h.synonyms = on
		return nil
	}
}

// NewHashing returns a Hashing embedder.
func NewHashing(opts ...HashingOption) (*Hashing, error) {
	h := &Hashing{dims: DefaultHashingDimensions, probes: DefaultHashingProbes, synonyms: true}
	for _, o := range opts {
		if err := o(h); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// Dimensions implements Embedder.
func (h *Hashing) Dimensions() int { return h.dims }

// Model implements Embedder.
func (h *Hashing) Model() string {
	if h.probes == 1 && !h.synonyms {
		return fmt.Sprintf("hashing-v1-%d", h.dims)
	}
	m := fmt.Sprintf("hashing-v2-%d", h.dims)
	if h.probes != DefaultHashingProbes {
		m += fmt.Sprintf("-p%d", h.probes)
	}
	if !h.synonyms {
		m += "-nosyn"
	}
	return m
}

// SimilarThreshold implements Thresholder.
func (h *Hashing) SimilarThreshold() float64 { return HashingSimilarThreshold }

// Embed implements Embedder. It checks ctx every 256 texts.
func (h *Hashing) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	backing := make([]float32, len(texts)*h.dims)
	var feats []feature
	for i, t := range texts {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		v := backing[i*h.dims : (i+1)*h.dims : (i+1)*h.dims]
		feats = h.embedOne(t, feats[:0], v)
		out[i] = v
	}
	return out, nil
}

// feature is one occurrence of a hashed feature in a field.
type feature struct {
	hash  uint64
	field uint8
	w     float32
}

// fieldWeights are indexed by field number (0 = unlabelled text).
var fieldWeights = [...]float32{1, 2, 2, 1.2, 1, 0.8}

// fieldOf splits a line into its field number and body.
func fieldOf(line string) (uint8, string) {
	label, body, ok := strings.Cut(line, ":")
	if !ok {
		return 0, line
	}
	switch strings.TrimSpace(label) {
	case LabelCategory:
		return 1, body
	case LabelTags:
		return 2, body
	case LabelName:
		return 3, body
	case LabelDescription:
		return 4, body
	case LabelTitles:
		return 5, body
	}
	return 0, line
}

// Feature kinds, mixed into the hash so that the word "车" and the
// character "车" are different features.
const (
	kindWord    = 'w'
	kindNumber  = 'n'
	kindChar    = 'c'
	kindBigram  = 'b'
	kindTrigram = 't'
	kindTopic   = 's'
)

// topicOf maps the scanned token of every one-token word of
// taxonomy.Synonyms (a word, or a two-character Chinese word's bigram) to
// the hashes of its topics. Subtopics (taxonomy.SynonymGroup.Sub) are
// left out: they widen keywords at query time, and folding them here
// would move every vector of the demo catalog.
var topicOf = sync.OnceValue(func() map[string][]uint64 {
	m := map[string][]uint64{}
	for _, g := range taxonomy.Synonyms.Groups() {
		if g.Sub {
			continue
		}
		for _, w := range g.Words {
			var units, bigrams []string
			for tok := range textnorm.Scan(w) {
				switch tok.Kind {
				case textnorm.Word:
					units = append(units, tok.Text)
				case textnorm.CJKBigram:
					bigrams = append(bigrams, tok.Text)
				case textnorm.CJKChar:
					units = append(units, "")
				}
			}
			key := ""
			switch {
			case len(units) == 1 && units[0] != "":
				key = units[0]
			case len(bigrams) == 1 && len(units) == 2:
				key = bigrams[0]
			}
			if key == "" {
				continue
			}
			hs := fnv(kindTopic, g.Topic)
			if !slices.Contains(m[key], hs) {
				m[key] = append(m[key], hs)
			}
		}
	}
	return m
})

func (h *Hashing) embedOne(text string, feats []feature, v []float32) []feature {
	for line := range strings.Lines(text) {
		field, body := fieldOf(strings.TrimRight(line, "\r\n"))
		for tok := range textnorm.Scan(body) {
			if _, stop := stopwords[tok.Text]; stop {
				continue
			}
			// The category line already names the category in zh and en.
			if h.synonyms && field != 1 && (tok.Kind == textnorm.Word || tok.Kind == textnorm.CJKBigram) {
				for _, hs := range topicOf()[tok.Text] {
					feats = append(feats, feature{hs, field, 1})
				}
			}
			switch tok.Kind {
			case textnorm.Word:
				feats = append(feats, feature{fnv(kindWord, tok.Text), field, 1})
				feats = appendTrigrams(feats, tok.Text, field)
			case textnorm.Number:
				feats = append(feats, feature{fnv(kindNumber, tok.Text), field, 0.5})
			case textnorm.CJKChar:
				feats = append(feats, feature{fnv(kindChar, tok.Text), field, 0.3})
			case textnorm.CJKBigram:
				feats = append(feats, feature{fnv(kindBigram, tok.Text), field, 1})
			}
		}
	}
	slices.SortFunc(feats, func(a, b feature) int {
		return cmp.Or(cmp.Compare(a.hash, b.hash), cmp.Compare(a.field, b.field))
	})
	dims := uint64(len(v))
	probeScale := float32(1 / math.Sqrt(float64(h.probes)))
	for i := 0; i < len(feats); {
		j, n := i+1, float32(1)
		for j < len(feats) && feats[j].hash == feats[i].hash && feats[j].field == feats[i].field {
			j++
			n++
		}
		w := feats[i].w * fieldWeights[feats[i].field]
		if n > 1 {
			w *= 1 + float32(math.Log(float64(n)))
		}
		hs := feats[i].hash
		if h.probes == 1 {
			if hs>>63 == 1 {
				w = -w
			}
			v[hs%dims] += w
		} else {
			w *= probeScale
			for p := range uint64(h.probes) {
				ph := mix(hs + p*0x9e3779b97f4a7c15)
				if ph>>63 == 1 {
					v[ph%dims] -= w
				} else {
					v[ph%dims] += w
				}
			}
		}
		i = j
	}
	Normalize(v)
	return feats
}

// appendTrigrams adds the character trigrams of a word with boundary
// marks; words shorter than three characters have none.
func appendTrigrams(feats []feature, word string, field uint8) []feature {
	n := utf8.RuneCountInString(word)
	if n < 3 {
		return feats
	}
	var buf [64]byte
	marked := append(append(append(buf[:0], '^'), word...), '$')
	// Byte offsets of rune starts in marked; very long words keep the
	// trigrams of their first 32 characters.
	var starts [34]int
	k, truncated := 0, false
	for i := range string(marked) {
		if k == len(starts) {
			truncated = true
			break
		}
		starts[k] = i
		k++
	}
	for i := 0; i+3 <= k; i++ {
		end := len(marked)
		if i+3 < k {
			end = starts[i+3]
		} else if truncated {
			break
		}
		feats = append(feats, feature{fnvBytes(kindTrigram, marked[starts[i]:end]), field, 0.2})
	}
	return feats
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnv is FNV-1a over the kind byte and s, with a final mix so that the
// low bits (the bucket) and the top bit (the sign) are independent.
func fnv(kind byte, s string) uint64 {
	h := uint64(fnvOffset)
	h ^= uint64(kind)
	h *= fnvPrime
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return mix(h)
}

func fnvBytes(kind byte, s []byte) uint64 {
	h := uint64(fnvOffset)
	h ^= uint64(kind)
	h *= fnvPrime
	for _, c := range s {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return mix(h)
}

// mix is the splitmix64 finaliser.
func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}

// stopwords are tokens too common in channel texts to tell channels apart.
var stopwords = func() map[string]struct{} {
	words := []string{
		// English function words (already normalised and stemmed).
		"a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "with", "by", "at", "from",
		"is", "are", "be", "been", "it", "its", "this", "that", "these", "those", "as", "but",
		"i", "me", "my", "we", "our", "you", "your", "he", "she", "they", "their", "his", "her",
		"all", "any", "more", "most", "so", "if", "not", "no", "up", "out", "about", "into",
		"here", "there", "what", "how", "why", "when", "who", "which", "can", "will", "just",
		"do", "does", "every", "each", "get", "also", "than", "then", "very", "too",
		// Channel boilerplate.
		"channel", "video", "subscribe", "welcome", "official", "watch", "follow", "like",
		"new", "week", "day", "episode", "ep", "part", "content", "creator",
		// Chinese boilerplate (characters and bigrams).
		"的", "了", "和", "是", "在", "我", "你", "他", "她", "们", "这", "那", "个", "也", "都", "就",
		"我们", "你们", "频道", "视频", "欢迎", "订阅", "关注", "每周", "更新", "分享", "大家",
	}
	m := make(map[string]struct{}, len(words))
	for _, w := range words {
		m[w] = struct{}{}
	}
	return m
}()

// Stopword reports whether a normalised token is one of the function words
// and channel boilerplate the embedders skip ("the", "channel", "的").
func Stopword(tok string) bool {
	_, ok := stopwords[tok]
	return ok
}
