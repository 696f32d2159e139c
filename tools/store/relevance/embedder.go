package relevance

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/textnorm"
)

// Embedder holds the figures of one embedding model on a catalog.
type Embedder struct {
	Model string `json:"model"`
	// CrossLanguage is the mean share, over CrossAnchors anchors with a
	// language and a category, of the K channels of other languages (same
	// platform) with the closest embeddings that are in the anchor's
	// category.
	CrossLanguage Figure `json:"cross_language_precision_at_k"`
	CrossAnchors  int    `json:"cross_language_anchors"`
	// NamePairs is the number of pairs of channel names that share no
	// feature (no word, CJK character or character trigram); Collisions
	// counts those whose name embeddings still reach the similarity
	// threshold, CollisionRate is their share.
	NamePairs     int     `json:"name_pairs"`
	Collisions    int     `json:"collisions"`
	CollisionRate Figure  `json:"collision_rate"`
	Threshold     float64 `json:"threshold"`
}

// MeasureEmbedder measures e on cat: cross-language precision@k over up
// to maxAnchors anchors (0: all) and the hash-collision rate of the names
// of up to maxNames channels (0: all; both taken at even intervals) at
// threshold.
func MeasureEmbedder(ctx context.Context, e embed.Embedder, cat *catalog.Catalog, maxAnchors, maxNames, k int, threshold float64) (Embedder, error) {
	out := Embedder{Model: e.Model(), Threshold: threshold}
	all := cat.All()
	texts := make([]string, len(all))
	names := make([]string, len(all))
	for i, ch := range all {
		texts[i] = embed.ChannelText(ch)
		names[i] = embed.LabelName + ": " + ch.Name
	}
	vecs, err := embed.EmbedVectors(ctx, e, texts)
	if err != nil {
		return out, fmt.Errorf("embed channels: %w", err)
	}
	var pool []int
	for i, ch := range all {
		if ch.Language != "" && ch.Category != "" {
			pool = append(pool, i)
		}
	}
	n := len(pool)
	if maxAnchors > 0 {
		n = min(n, maxAnchors)
	}
	var sum float64
	type hit struct {
		i   int
		cos float32
	}
	for x := range n {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		ai := pool[x*len(pool)/n]
		a := all[ai]
		var hits []hit
		for j, ch := range all {
			if ch.Platform == a.Platform && ch.Language != "" && ch.Language != a.Language {
				hits = append(hits, hit{j, embed.Cosine(vecs[ai].Values, vecs[j].Values)})
			}
		}
		if len(hits) == 0 {
			continue
		}
		slices.SortFunc(hits, func(p, q hit) int { return cmp.Or(cmp.Compare(q.cos, p.cos), cmp.Compare(p.i, q.i)) })
		hits = hits[:min(k, len(hits))]
		same := 0
		for _, h := range hits {
			if strings.EqualFold(all[h.i].Category, a.Category) {
				same++
			}
		}
		sum += float64(same) / float64(len(hits))
		out.CrossAnchors++
	}
	out.CrossLanguage = nanIfZero(sum, out.CrossAnchors)

	m := len(all)
	if maxNames > 0 {
		m = min(m, maxNames)
	}
	picked := make([]*catalog.Channel, m)
	sample := make([]string, m)
	for x := range m {
		picked[x] = all[x*len(all)/m]
		sample[x] = names[x*len(all)/m]
	}
	nv, err := embed.EmbedVectors(ctx, e, sample)
	if err != nil {
		return out, fmt.Errorf("embed names: %w", err)
	}
	feats := make([]map[string]bool, m)
	for i, ch := range picked {
		feats[i] = nameFeatures(ch.Name)
	}
	for i := range m {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return out, err
			}
		}
		for j := i + 1; j < m; j++ {
			if shares(feats[i], feats[j]) {
				continue
			}
			out.NamePairs++
			if float64(embed.Cosine(nv[i].Values, nv[j].Values)) >= threshold {
				out.Collisions++
			}
		}
	}
	out.CollisionRate = nanIfZero(float64(out.Collisions), out.NamePairs)
	return out, nil
}

func nanIfZero(sum float64, n int) Figure {
	if n == 0 {
		return Figure(math.NaN())
	}
	return Figure(sum / float64(n))
}

// nameFeatures are the features a name could share with another: its
// tokens and the boundary-marked character trigrams of its words.
func nameFeatures(name string) map[string]bool {
	m := map[string]bool{}
	for tok := range textnorm.Scan(name) {
		m[tok.Text] = true
		if tok.Kind != textnorm.Word || utf8.RuneCountInString(tok.Text) < 3 {
			continue
		}
		r := []rune("^" + tok.Text + "$")
		for i := 0; i+3 <= len(r); i++ {
			m["#"+string(r[i:i+3])] = true
		}
	}
	return m
}

func shares(a, b map[string]bool) bool {
	if len(b) < len(a) {
		a, b = b, a
	}
	for f := range a {
		if b[f] {
			return true
		}
	}
	return false
}
