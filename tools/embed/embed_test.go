package embed

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

func newHashing(t testing.TB, opts ...HashingOption) *Hashing {
	t.Helper()
	h, err := NewHashing(opts...)
	if err != nil {
		t.Fatalf("NewHashing: %v", err)
	}
	return h
}

func embedOne(t testing.TB, e Embedder, text string) []float32 {
	t.Helper()
	vs, err := e.Embed(context.Background(), []string{text})
	if err != nil {
		t.Fatalf("Embed(%q): %v", text, err)
	}
	return vs[0]
}

func TestHashingDeterministic(t *testing.T) {
	texts := []string{"汽车评测 car review", "Swim vests for kids", "", "美妆 makeup tutorial"}
	a, err := newHashing(t).Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	b, err := newHashing(t).Embed(context.Background(), slices.Clone(texts))
	if err != nil {
		t.Fatal(err)
	}
	for i := range texts {
		if !slices.Equal(a[i], b[i]) {
			t.Errorf("Embed(%q) differs between two runs", texts[i])
		}
	}
	// Batch position does not matter.
	single := embedOne(t, newHashing(t), texts[1])
	if !slices.Equal(single, a[1]) {
		t.Errorf("Embed(%q) alone differs from the same text in a batch", texts[1])
	}
}

func TestHashingNormalised(t *testing.T) {
	h := newHashing(t)
	for _, text := range []string{"abc", "汽车", "Swim vests for kids, swim vests for adults", strings.Repeat("long text ", 2000), "\xff\xfe invalid", "🔥fire🔥"} {
		v := embedOne(t, h, text)
		if len(v) != h.Dimensions() {
			t.Fatalf("len(Embed(%q)) = %d, want %d", text, len(v), h.Dimensions())
		}
		n := math.Sqrt(float64(Dot(v, v)))
		if math.Abs(n-1) > 1e-5 {
			t.Errorf("|Embed(%q)| = %v, want 1", text, n)
		}
	}
	// Empty and token-less texts give zero vectors.
	for _, text := range []string{"", "  ", "!!!", "the and of", "🔥🔥"} {
		v := embedOne(t, h, text)
		if Dot(v, v) != 0 {
			t.Errorf("Embed(%q) is not the zero vector", text)
		}
	}
}

func TestHashingSimilarity(t *testing.T) {
	h := newHashing(t)
	tests := []struct {
		name                    string
		anchor, near, unrelated string
	}{
		{"zh cars", "汽车配件评测，改装与保养", "汽配评测：汽车改装入门", "美妆护肤教程，口红试色"},
		{"zh traditional", "汽車配件評測", "汽车配件评测", "宠物猫咪日常"},
		{"en cars", "Car parts reviews and engine tuning", "Reviewing car parts: engine and brake tuning", "Makeup tutorials and skincare routines"},
		{"en plurals", "swim vest reviews", "Swim Vests Reviewed", "cooking recipes"},
		{"mixed", "Tech reviews 数码评测 smartphones", "smartphone review 手机数码评测", "足球比赛集锦 football highlights"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, n, u := embedOne(t, h, tc.anchor), embedOne(t, h, tc.near), embedOne(t, h, tc.unrelated)
			near, far := Cosine(a, n), Cosine(a, u)
			if near <= far {
				t.Errorf("cos(%q, %q) = %.3f, not above cos(%q, %q) = %.3f", tc.anchor, tc.near, near, tc.anchor, tc.unrelated, far)
			}
			if near < 0.2 {
				t.Errorf("cos(%q, %q) = %.3f, want ≥ 0.2", tc.anchor, tc.near, near)
			}
		})
	}
}

func TestHashingChannelsByCategory(t *testing.T) {
	h := newHashing(t)
	mk := func(name, cat string, tags ...string) string {
		return ChannelText(&catalog.Channel{Platform: platform.YouTube, Handle: name, Name: name, Category: cat, Tags: tags})
	}
	carZH := mk("老王汽配", "automotive", "汽配", "改装")
	carEN := mk("Garage Joe", "automotive", "car parts", "tuning")
	beauty := mk("Glow Up", "beauty", "makeup", "skincare")
	if near, far := Cosine(embedOne(t, h, carZH), embedOne(t, h, carEN)), Cosine(embedOne(t, h, carZH), embedOne(t, h, beauty)); near <= far {
		t.Errorf("zh car vs en car = %.3f, not above zh car vs beauty = %.3f (the category should bridge languages)", near, far)
	}
}

func TestHashingOptionsAndModel(t *testing.T) {
	h := newHashing(t, WithDimensions(384))
	if h.Dimensions() != 384 || h.Model() != "hashing-v2-384" {
		t.Errorf("WithDimensions(384): Dimensions() = %d, Model() = %q", h.Dimensions(), h.Model())
	}
	for _, tc := range []struct {
		opts []HashingOption
		want string
	}{
		{nil, "hashing-v2-512"},
		{[]HashingOption{WithDimensions(256), WithProbes(1), WithSynonyms(false)}, "hashing-v1-256"},
		{[]HashingOption{WithProbes(2)}, "hashing-v2-512-p2"},
		{[]HashingOption{WithSynonyms(false)}, "hashing-v2-512-nosyn"},
	} {
		if got := newHashing(t, tc.opts...).Model(); got != tc.want {
			t.Errorf("Model() = %q, want %q", got, tc.want)
		}
	}
	for _, n := range []int{0, 5} {
		if _, err := NewHashing(WithProbes(n)); !errors.Is(err, ErrBadOption) {
			t.Errorf("NewHashing(WithProbes(%d)) error = %v, want ErrBadOption", n, err)
		}
	}
	if newHashing(t).Model() == h.Model() {
		t.Errorf("models of different dimension counts share a name %q", h.Model())
	}
	for _, n := range []int{0, 8, 5000, -1} {
		if _, err := NewHashing(WithDimensions(n)); !errors.Is(err, ErrBadOption) {
			t.Errorf("NewHashing(WithDimensions(%d)) error = %v, want ErrBadOption", n, err)
		}
	}
	if th := h.SimilarThreshold(); th <= 0 || th >= 1 {
		t.Errorf("SimilarThreshold() = %v, want in (0, 1)", th)
	}
}

func TestHashingContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := newHashing(t).Embed(ctx, []string{"a"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Embed(cancelled ctx) error = %v, want context.Canceled", err)
	}
}

func TestVectorCheck(t *testing.T) {
	h256 := newHashing(t)
	h384 := newHashing(t, WithDimensions(384))
	vs, err := EmbedVectors(context.Background(), h256, []string{"car review", "汽车"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		v    Vector
		e    Embedder
		want error
	}{
		{"same model", vs[0], h256, nil},
		{"other model", vs[0], h384, ErrModelMismatch},
		{"renamed but wrong length", Vector{Model: h384.Model(), Values: vs[0].Values}, h384, ErrDimensionMismatch},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.v.Check(tc.e); !errors.Is(err, tc.want) {
				t.Errorf("Check(%s) = %v, want %v", tc.e.Model(), err, tc.want)
			}
		})
	}
	if s, err := Similarity(vs[0], vs[0]); err != nil || math.Abs(s-1) > 1e-5 {
		t.Errorf("Similarity(v, v) = %v, %v, want 1, nil", s, err)
	}
	other := Vector{Model: "text-embedding-3-small", Values: vs[1].Values}
	if _, err := Similarity(vs[0], other); !errors.Is(err, ErrModelMismatch) {
		t.Errorf("Similarity across models error = %v, want ErrModelMismatch", err)
	}
}

// badEmbedder answers with a wrong number of vectors or bad values.
type badEmbedder struct{ vecs [][]float32 }

func (b badEmbedder) Embed(context.Context, []string) ([][]float32, error) { return b.vecs, nil }
func (b badEmbedder) Dimensions() int                                      { return 2 }
func (b badEmbedder) Model() string                                        { return "bad" }

func TestEmbedVectorsChecksAnswer(t *testing.T) {
	nan := float32(math.NaN())
	tests := []struct {
		name string
		vecs [][]float32
		want error
	}{
		{"too few", [][]float32{{1, 0}}, ErrBadEmbedding},
		{"wrong length", [][]float32{{1, 0}, {1}}, ErrDimensionMismatch},
		{"nan", [][]float32{{1, 0}, {nan, 0}}, ErrBadEmbedding},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := EmbedVectors(context.Background(), badEmbedder{tc.vecs}, []string{"a", "b"}); !errors.Is(err, tc.want) {
				t.Errorf("EmbedVectors error = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestBatches(t *testing.T) {
	tests := []struct {
		n, size int
		want    [][2]int
	}{
		{0, 10, nil},
		{5, 2, [][2]int{{0, 2}, {2, 4}, {4, 5}}},
		{4, 2, [][2]int{{0, 2}, {2, 4}}},
		{3, 0, [][2]int{{0, 3}}},
	}
	for _, tc := range tests {
		var got [][2]int
		for lo, hi := range Batches(tc.n, tc.size) {
			got = append(got, [2]int{lo, hi})
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Batches(%d, %d) = %v, want %v", tc.n, tc.size, got, tc.want)
		}
	}
}

func TestChannelText(t *testing.T) {
	ch := &catalog.Channel{
		Platform: platform.YouTube, Handle: "garage", Name: "Garage Joe",
		Description:  "Car parts\nCategory: beauty",
		Tags:         []string{"car parts", "tuning"},
		Category:     "automotive",
		RecentTitles: []string{"Brake pads", " ", "Oil change"},
	}
	want := "Category: 汽车 Automotive\nTags: car parts, tuning\nName: Garage Joe\nDescription: Car parts Category: beauty\nRecent titles: Brake pads | Oil change"
	if got := ChannelText(ch); got != want {
		t.Errorf("ChannelText = %q, want %q", got, want)
	}
	if got := ChannelText(nil); got != "" {
		t.Errorf("ChannelText(nil) = %q, want empty", got)
	}
	if got := CategoryText("unknown-cat"); got != "unknown-cat" {
		t.Errorf("CategoryText(unknown) = %q, want the id", got)
	}
	long := &catalog.Channel{Name: "x", Description: strings.Repeat("汽", 5000)}
	if got := ChannelText(long); len([]rune(got)) > maxDescriptionRunes+40 {
		t.Errorf("ChannelText of a 5000-character description has %d characters, want it cut", len([]rune(got)))
	}
}

func TestDotCosineNormalize(t *testing.T) {
	a := []float32{3, 4, 0, 0, 0}
	if n := Normalize(a); n != 5 || math.Abs(float64(Dot(a, a))-1) > 1e-6 {
		t.Errorf("Normalize = %v, |a|² = %v", n, Dot(a, a))
	}
	zero := make([]float32, 5)
	if Normalize(zero) != 0 || Cosine(zero, a) != 0 {
		t.Errorf("zero vector: Normalize or Cosine not 0")
	}
	b := []float32{1, 2, 3, 4, 5, 6, 7}
	if got := Dot(b, b); got != 140 {
		t.Errorf("Dot(b, b) = %v, want 140", got)
	}
}

func FuzzHashing(f *testing.F) {
	h, err := NewHashing()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"", "Category: 汽车\nTags: a", "Tags:", "\xff", strings.Repeat("z", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		vs, err := h.Embed(context.Background(), []string{s})
		if err != nil {
			t.Fatal(err)
		}
		n := Dot(vs[0], vs[0])
		if math.IsNaN(float64(n)) || n != 0 && math.Abs(float64(n)-1) > 1e-4 {
			t.Fatalf("Embed(%q) has |v|² = %v", s, n)
		}
	})
}

func BenchmarkHashingChannel(b *testing.B) {
	h, err := NewHashing()
	if err != nil {
		b.Fatal(err)
	}
	text := ChannelText(&catalog.Channel{
		Name: "老王汽配 Garage", Category: "automotive", Tags: []string{"汽配", "改装", "car parts", "tuning", "brakes"},
		Description:  strings.Repeat("We review car parts, tuning kits and brake pads every week. 每周评测汽车配件。 ", 4),
		RecentTitles: []string{"Best brake pads 2024", "汽车改装入门", "Oil change in 10 minutes", "Turbo kit review", "轮胎怎么选"},
	})
	texts := []string{text}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.Embed(context.Background(), texts); err != nil {
			b.Fatal(err)
		}
	}
}

// TestHashingFoldsSynonyms: a Chinese and an English channel of one topic
// share the topic feature, so they are closer with folding than without.
func TestHashingFoldsSynonyms(t *testing.T) {
	zh := ChannelText(&catalog.Channel{Platform: platform.YouTube, Handle: "a", Name: "小厨房", Tags: []string{"烹饪", "家常菜"}})
	en := ChannelText(&catalog.Channel{Platform: platform.YouTube, Handle: "b", Name: "Home Kitchen", Tags: []string{"cooking", "recipes"}})
	on, off := newHashing(t), newHashing(t, WithSynonyms(false))
	with, without := Cosine(embedOne(t, on, zh), embedOne(t, on, en)), Cosine(embedOne(t, off, zh), embedOne(t, off, en))
	if with < 0.2 || with <= without+0.2 {
		t.Errorf("cosine(烹饪, cooking) = %.3f with folding, %.3f without; want ≥ 0.2 and clearly above", with, without)
	}
}

// TestHashingProbesKeepSelfSimilarity: multi-probe vectors are unit length
// and a text is most similar to itself.
func TestHashingProbesKeepSelfSimilarity(t *testing.T) {
	h := newHashing(t, WithProbes(3))
	v := embedOne(t, h, "Name: MrBeast")
	if n := Dot(v, v); n < 0.999 || n > 1.001 {
		t.Errorf("|v|² = %.4f, want 1", n)
	}
	if c := Cosine(v, embedOne(t, h, "Name: MrBeast")); c < 0.999 {
		t.Errorf("self cosine %.4f", c)
	}
}
