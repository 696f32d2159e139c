package pgstore

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/store"
)

// TestDocCache: a document read again with the same bytes is the channel
// decoded the first time; changed bytes are decoded again and replace
// it; a store without the cache (the zero value) decodes every time.
func TestDocCache(t *testing.T) {
	const a = `{"platform":"youtube","channel_id":"UCa","name":"A","followers":10}`
	const a2 = `{"platform":"youtube","channel_id":"UCa","name":"A","followers":11}`
	cached, none := newDocCache(4), docCache{}
	steps := []struct {
		name      string
		c         docCache
		raw       string
		same      bool // the channel of the previous step
		followers int64
	}{
		{"first read", cached, a, false, 10},
		{"same bytes", cached, a, true, 10},
		{"changed bytes", cached, a2, false, 11},
		{"changed bytes again", cached, a2, true, 11},
		{"no cache", none, a2, false, 11},
		{"no cache again", none, a2, false, 11},
	}
	var prev any
	for _, st := range steps {
		ch, err := st.c.decode("youtube/channel/UCa", []byte(st.raw))
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := any(ch) == prev; got != st.same {
			t.Errorf("%s: same channel as before = %v, want %v", st.name, got, st.same)
		}
		if ch.Followers != st.followers {
			t.Errorf("%s: followers %d, want %d", st.name, ch.Followers, st.followers)
		}
		prev = ch
	}
}

// TestDocCacheCandidate: a candidate's profile and learned vector are
// those the re-ranking would make from the channel; read again with the
// same bytes and model they are the same values (not made again); a
// changed document or another model makes them again, and a read by
// decode keeps them.
func TestDocCacheCandidate(t *testing.T) {
	cat, err := demo.Catalog(demo.WithTotal(300))
	if err != nil {
		t.Fatal(err)
	}
	chans := cat.All()
	m1, err := cooc.Build(context.Background(), chans, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m2, err := cooc.Build(context.Background(), chans[:150], cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ch := chans[7]
	raw, err := json.Marshal(ch)
	if err != nil {
		t.Fatal(err)
	}
	changed := *ch
	changed.Tags = append([]string{"a new tag"}, ch.Tags...)
	raw2, err := json.Marshal(&changed)
	if err != nil {
		t.Fatal(err)
	}
	d := newDocCache(4)
	var prevVec []float32
	steps := []struct {
		name    string
		raw     []byte
		lm      *cooc.Model
		decode  bool // read by decode first
		same    bool // the vector of the previous step (not made again)
		wantTag bool // the profile holds "a new tag"
	}{
		{"first read", raw, m1, false, false, false},
		{"again", raw, m1, false, true, false},
		{"after a decode", raw, m1, true, true, false},
		{"another model", raw, m2, false, false, false},
		{"changed document", raw2, m2, false, false, true},
		{"no model", raw2, nil, false, false, true},
	}
	for _, st := range steps {
		if st.decode {
			if _, err := d.decode(ch.Key(), st.raw); err != nil {
				t.Fatal(err)
			}
		}
		got, prof, vec, ok, err := d.candidate(ch.Key(), st.raw, st.lm, nil)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		want := store.NewProfile(got)
		if !slices.Equal(prof.Tags, want.Tags) || prof.Coverage.Content != want.Coverage.Content || prof.LogFollowers != want.LogFollowers {
			t.Errorf("%s: profile %+v, want %+v", st.name, prof, want)
		}
		if has := slices.Contains(prof.Tags, "a new tag"); has != st.wantTag {
			t.Errorf("%s: profile has the changed tag = %v, want %v", st.name, has, st.wantTag)
		}
		if st.lm == nil {
			if ok || vec != nil {
				t.Errorf("%s: a learned vector without a model", st.name)
			}
			continue
		}
		wantVec, wantOK := st.lm.ChannelVector(got, nil)
		if ok != wantOK || !slices.Equal(vec, wantVec) {
			t.Errorf("%s: learned vector differs from the model's", st.name)
		}
		if same := len(vec) > 0 && len(prevVec) > 0 && &vec[0] == &prevVec[0]; same != st.same {
			t.Errorf("%s: vector not made again = %v, want %v", st.name, same, st.same)
		}
		prevVec = vec
	}
}

// TestDocCacheCandidateFeatures: a candidate read with its channel_features
// row takes the coverage from it, and the learned vector when the row was
// derived under the store's model (a vector, or none); a row of another
// model leaves the vector to the model; the stored row round-trips what
// deriveFeatures derives.
func TestDocCacheCandidateFeatures(t *testing.T) {
	cat, err := demo.Catalog(demo.WithTotal(300))
	if err != nil {
		t.Fatal(err)
	}
	chans := cat.All()
	m, err := cooc.Build(context.Background(), chans, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ch := chans[11]
	raw, err := json.Marshal(ch)
	if err != nil {
		t.Fatal(err)
	}
	marked := embed.Coverage{Content: 999, Labels: 7, Fields: []string{"Tags"}}
	stored := []float32{1, 0, 0}
	computed, _ := m.ChannelVector(ch, nil)
	for _, tc := range []struct {
		name    string
		ft      *features
		lm      *cooc.Model
		wantCov embed.Coverage
		wantVec []float32
		wantOK  bool
	}{
		{"no row", nil, m, embed.ChannelCoverage(ch), computed, true},
		{"row of the model", &features{cov: marked, model: m.Name(), vec: stored}, m, marked, stored, true},
		{"row of the model, no vector", &features{cov: marked, model: m.Name()}, m, marked, nil, false},
		{"row of another model", &features{cov: marked, model: "cooc-other", vec: stored}, m, marked, computed, true},
		{"row, no model", &features{cov: marked, model: m.Name(), vec: stored}, nil, marked, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, prof, vec, ok, err := docCache{}.candidate(ch.Key(), raw, tc.lm, tc.ft)
			if err != nil {
				t.Fatal(err)
			}
			if prof.Coverage.Content != tc.wantCov.Content || prof.Coverage.Labels != tc.wantCov.Labels || !slices.Equal(prof.Coverage.Fields, tc.wantCov.Fields) {
				t.Errorf("coverage %+v, want %+v", prof.Coverage, tc.wantCov)
			}
			if ok != tc.wantOK || !slices.Equal(vec, tc.wantVec) {
				t.Errorf("vector (%v, %d values), want (%v, %d values)", ok, len(vec), tc.wantOK, len(tc.wantVec))
			}
		})
	}

	r := deriveFeatures(ch.Key(), ch, m)
	var fs featureScan
	content, labels := int32(r.cov.Content), int32(r.cov.Labels)
	fields, model := strings.Join(r.cov.Fields, fieldSep), r.model
	fs.content, fs.labels, fs.fields, fs.model, fs.learned = &content, &labels, &fields, &model, r.learned
	got, err := fs.features()
	if err != nil {
		t.Fatal(err)
	}
	if got.cov.Content != r.cov.Content || !slices.Equal(got.cov.Fields, r.cov.Fields) || !slices.Equal(got.vec, computed) || got.model != m.Name() {
		t.Errorf("round trip: %+v, want coverage %+v and the model's vector", got, r.cov)
	}
	if _, err := decodeVector([]byte{1, 2, 3}); err == nil {
		t.Error("decodeVector of 3 bytes: no error")
	}
	var none featureScan
	if f, err := none.features(); f != nil || err != nil {
		t.Errorf("no row: %+v, %v", f, err)
	}
}
