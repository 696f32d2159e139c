package cooc

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"sync"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
)

// BuildCatalog learns a model from cat's channels and, with background,
// the generated demo catalog's too. The published lists have only their
// category columns and names: the demo catalog's tags, descriptions and
// titles are the catalog text that says which everyday words ("cricket",
// "口红") go with which category, and its channels share category ids and
// category names with every list.
//
// The last model learned is kept with a fingerprint of the text it was
// learned from (every channel field terms reads, and the options): a
// second call over the same text returns it rather than learning again
// (seconds of CPU at 20,000 channels). A Model is read-only once built.
func BuildCatalog(ctx context.Context, cat *catalog.Catalog, background bool, opts Options) (*Model, error) {
	chans := cat.All()
	if background {
		bg, err := demo.Catalog()
		if err != nil {
			return nil, err
		}
		chans = append(slices.Clip(chans), bg.All()...)
	}
	key := fingerprint(chans, opts)
	lastModel.Lock()
	if lastModel.m != nil && lastModel.key == key {
		m := lastModel.m
		lastModel.Unlock()
		return m, nil
	}
	lastModel.Unlock()
	m, err := Build(ctx, chans, opts)
	if err != nil {
		return nil, err
	}
	lastModel.Lock()
	lastModel.key, lastModel.m = key, m
	lastModel.Unlock()
	return m, nil
}

// lastModel is BuildCatalog's last model and its fingerprint.
var lastModel struct {
	sync.Mutex
	key [sha256.Size]byte
	m   *Model
}

// fingerprint hashes what Build reads of chans (in order) and the options.
func fingerprint(chans []*catalog.Channel, opts Options) [sha256.Size]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%s %+v %d\n", Version, opts.withDefaults(), len(chans))
	var n [8]byte
	field := func(s string) {
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	list := func(ss []string) {
		binary.LittleEndian.PutUint64(n[:], uint64(len(ss)))
		h.Write(n[:])
		for _, s := range ss {
			field(s)
		}
	}
	for _, ch := range chans {
		field(ch.Category)
		list(ch.Tags)
		field(ch.Name)
		field(ch.Description)
		list(ch.RecentTitles)
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key
}
