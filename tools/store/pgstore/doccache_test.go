package pgstore

import "testing"

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
