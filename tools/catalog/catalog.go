package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"searchagent/tools/platform"
)

// Catalog is an immutable, indexed set of channels. It is safe for
// concurrent use once built.
type Catalog struct {
	channels   []*Channel
	byPlatform map[platform.Platform][]*Channel
	byKey      map[string]*Channel
	byContent  map[string]*Channel
	label      string
}

// Conflict reports a key or content id claimed by two channels; the first
// channel keeps it.
type Conflict struct {
	Key        string
	Kept, Lost *Channel
}

func (c Conflict) String() string {
	return fmt.Sprintf("%s: kept %s (%s), dropped for %s (%s)", c.Key, c.Kept.Name, c.Kept.Source, c.Lost.Name, c.Lost.Source)
}

// New indexes channels. label says what the catalog is (e.g. "demo:
// generated 20000 channels" or the file names), for /readyz and logs.
// Channels that fail Validate are an error: sources validate and report
// rows before building a catalog. A channel whose every key is already
// taken is a duplicate: it is left out and reported as a conflict.
func New(label string, channels []*Channel) (*Catalog, []Conflict, error) {
	c := &Catalog{
		byPlatform: make(map[platform.Platform][]*Channel),
		byKey:      make(map[string]*Channel, len(channels)*2),
		byContent:  make(map[string]*Channel),
		label:      label,
	}
	var conflicts []Conflict
	for _, ch := range channels {
		if err := ch.Validate(); err != nil {
			return nil, nil, fmt.Errorf("catalog: channel %q (%s): %w", ch.Name, ch.Source, err)
		}
		keys := ch.Keys()
		fresh := 0
		for _, k := range keys {
			if _, taken := c.byKey[k]; !taken {
				fresh++
			}
		}
		if fresh == 0 {
			conflicts = append(conflicts, Conflict{Key: keys[0], Kept: c.byKey[keys[0]], Lost: ch})
			continue
		}
		for _, k := range keys {
			if kept, taken := c.byKey[k]; taken {
				conflicts = append(conflicts, Conflict{Key: k, Kept: kept, Lost: ch})
				continue
			}
			c.byKey[k] = ch
		}
		for _, id := range ch.ContentIDs {
			k := ContentKey(ch.Platform, id)
			if kept, taken := c.byContent[k]; taken {
				conflicts = append(conflicts, Conflict{Key: k, Kept: kept, Lost: ch})
				continue
			}
			c.byContent[k] = ch
		}
		c.channels = append(c.channels, ch)
		c.byPlatform[ch.Platform] = append(c.byPlatform[ch.Platform], ch)
	}
	return c, conflicts, nil
}

// Label says what the catalog is.
func (c *Catalog) Label() string { return c.label }

// Len is the number of channels.
func (c *Catalog) Len() int { return len(c.channels) }

// All returns every channel, in insertion order. Callers must not modify it.
func (c *Catalog) All() []*Channel { return c.channels }

// Platform returns the channels of one platform, in insertion order.
// Callers must not modify it.
func (c *Catalog) Platform(p platform.Platform) []*Channel { return c.byPlatform[p] }

// Counts returns the number of channels per platform.
func (c *Catalog) Counts() map[platform.Platform]int {
	m := make(map[platform.Platform]int, len(c.byPlatform))
	for p, chs := range c.byPlatform {
		m[p] = len(chs)
	}
	return m
}

// Lookup returns the channel a canonical key (see Key) names.
func (c *Catalog) Lookup(key string) (*Channel, bool) {
	ch, ok := c.byKey[key]
	return ch, ok
}

// LookupContent returns the channel that published the content id on p.
func (c *Catalog) LookupContent(p platform.Platform, contentID string) (*Channel, bool) {
	ch, ok := c.byContent[ContentKey(p, contentID)]
	return ch, ok
}

// Platforms lists the platforms that have channels, in display order.
func (c *Catalog) Platforms() []platform.Platform {
	var ps []platform.Platform
	for _, p := range platform.All() {
		if len(c.byPlatform[p]) > 0 {
			ps = append(ps, p)
		}
	}
	return slices.Clip(ps)
}

// ErrNotFound is returned (wrapped) when no channel matches a key or a
// content id.
var ErrNotFound = errors.New("channel not found")

// ChannelByKey returns the channel a canonical key names, or ErrNotFound.
// It has the context-taking shape every channel source shares, so that a
// database-backed store can stand in for the catalog.
func (c *Catalog) ChannelByKey(_ context.Context, key string) (*Channel, error) {
	if ch, ok := c.byKey[key]; ok {
		return ch, nil
	}
	return nil, fmt.Errorf("%w: %s", ErrNotFound, key)
}

// ChannelByContent returns the channel that published contentID on p, or
// ErrNotFound.
func (c *Catalog) ChannelByContent(_ context.Context, p platform.Platform, contentID string) (*Channel, error) {
	if ch, ok := c.byContent[ContentKey(p, contentID)]; ok {
		return ch, nil
	}
	return nil, fmt.Errorf("%w: %s", ErrNotFound, ContentKey(p, contentID))
}
