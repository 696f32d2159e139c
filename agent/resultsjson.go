package agent

import (
	"bytes"
	"encoding/json"
	"fmt"

	lru "github.com/hashicorp/golang-lru/v2"

	"searchagent/api"
	"searchagent/tools/catalog"
)

// channelJSONCap is how many channels' encodings an agent keeps: a few
// hundred result pages of distinct channels (about 1 KB each).
const channelJSONCap = 8192

// channelJSON keeps the JSON encoding of the channels the agent emitted,
// by the channel's pointer. Encoding a results event was the largest
// single cost of a turn (13% of the embedded default's CPU at 50 users),
// nearly all of it the channels' fields, while the stores hand out the
// same channels again and again: the memory store its catalog's, the
// PostgreSQL store those of its decoded-document cache. A store's
// channels are shared by every session that shows them and never changed
// in place (a write replaces the channel: a new pointer), so a pointer's
// encoding does not change. Bounded: the keys keep at most channelJSONCap
// channels alive.
type channelJSON struct {
	c *lru.Cache[*catalog.Channel, []byte]
}

func newChannelJSON() channelJSON {
	c, _ := lru.New[*catalog.Channel, []byte](channelJSONCap) // errors only for a size ≤ 0
	return channelJSON{c: c}
}

// encode returns ch's JSON encoding, as json.Marshal writes it.
func (cj channelJSON) encode(ch *catalog.Channel) ([]byte, error) {
	if ch == nil {
		return []byte("null"), nil
	}
	if b, ok := cj.c.Get(ch); ok {
		return b, nil
	}
	b, err := json.Marshal(ch)
	if err != nil {
		return nil, err
	}
	cj.c.Add(ch, b)
	return b, nil
}

// channelNull is what encoding/json writes for an item without its
// channel (the item's first field): it occurs nowhere else in a results
// encoding (a quote inside a string is escaped, and no other object of
// the results has a key "channel").
var channelNull = []byte(`{"channel":null`)

// encodeResults is json.Marshal(r), byte for byte (TestEncodeResults),
// with each channel's encoding from the cache: encoding/json encodes the
// results with the anchor and the items' channels left out (the envelope,
// each item's score and reasons), and the channels' encodings are spliced
// in where it wrote the anchor (omitted when nil: after the opening
// brace, the first field) and each item's null channel.
func (cj channelJSON) encodeResults(r *api.Results) ([]byte, error) {
	if r == nil {
		return []byte("null"), nil
	}
	env := *r
	env.Anchor = nil
	if r.Items != nil {
		env.Items = make([]api.ResultItem, len(r.Items))
		for i, it := range r.Items {
			it.Channel = nil
			env.Items[i] = it
		}
	}
	rest, err := json.Marshal(&env)
	if err != nil {
		return nil, err
	}
	var anchor []byte
	if r.Anchor != nil {
		if anchor, err = cj.encode(r.Anchor); err != nil {
			return nil, err
		}
	}
	chans := make([][]byte, len(r.Items))
	size := len(rest) + len(`"anchor":,`) + len(anchor)
	for i, it := range r.Items {
		if chans[i], err = cj.encode(it.Channel); err != nil {
			return nil, err
		}
		size += len(chans[i])
	}
	if !bytes.HasPrefix(rest, []byte("{")) {
		return nil, fmt.Errorf("encode results: the encoding begins %.20q", rest)
	}
	out := make([]byte, 0, size)
	out = append(out, '{')
	if anchor != nil {
		out = append(append(append(out, `"anchor":`...), anchor...), ',')
	}
	rest = rest[1:]
	for i := range chans {
		j := bytes.Index(rest, channelNull)
		if j < 0 {
			return nil, fmt.Errorf("encode results: %d of %d items' channels found", i, len(chans))
		}
		out = append(append(append(out, rest[:j]...), `{"channel":`...), chans[i]...)
		rest = rest[j+len(channelNull):]
	}
	if bytes.Contains(rest, channelNull) {
		return nil, fmt.Errorf("encode results: more null channels than the %d items", len(chans))
	}
	return append(out, rest...), nil
}
