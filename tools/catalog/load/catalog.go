package load

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"searchagent/tools/catalog"
)

// BuildCatalog builds a catalog from loaded files, in order, and reports
// duplicates in the files' reports.
//
// A handle or a channel id names one channel on its platform, so a row
// whose id or handle an earlier row already has is the same channel: it is
// left out and moved from Accepted to the rejections of its file, and the
// id, handle, aliases and content ids it adds are merged into (a copy of)
// the earlier row, so every reference either file gives keeps resolving.
// What catalog.New still finds after that (an alias or a content id
// claimed by two channels) becomes a warning of the row that lost the key,
// or a rejection if it lost every key. The returned reports are the
// results' reports so updated, in order; the results are not modified.
func BuildCatalog(label string, results []Result) (*catalog.Catalog, []Report, error) {
	reports := make([]Report, len(results))
	type entry struct {
		ch   *catalog.Channel
		file int
	}
	var (
		kept    []*entry
		byIdent = map[string]*entry{}
		fileOf  = map[*catalog.Channel]int{}
	)
	for i, r := range results {
		reports[i] = r.Report
		reports[i].Rejections = slices.Clone(r.Report.Rejections)
		reports[i].Warnings = slices.Clone(r.Report.Warnings)
		for _, ch := range r.Channels {
			var first *entry
			var key string
			for _, k := range identity(ch) {
				if e, ok := byIdent[k]; ok {
					first, key = e, k
					break
				}
			}
			if first == nil {
				e := &entry{ch: ch, file: i}
				kept = append(kept, e)
				for _, k := range identity(ch) {
					byIdent[k] = e
				}
				continue
			}
			rep := &reports[i]
			rep.Accepted--
			reason := fmt.Sprintf("duplicate of %s (%s, same %s); left out", first.ch.Source, first.ch.Name, key)
			if merged, added := merge(first.ch, ch); len(added) > 0 {
				first.ch = merged
				for _, k := range identity(merged) {
					if _, ok := byIdent[k]; !ok {
						byIdent[k] = first
					}
				}
				reason += "; its " + strings.Join(added, ", ") + " added to that row"
			}
			rep.reject(sourceLine(ch.Source), reason)
		}
	}
	all := make([]*catalog.Channel, len(kept))
	for i, e := range kept {
		all[i] = e.ch
		fileOf[e.ch] = e.file
	}
	cat, conflicts, err := catalog.New(label, all)
	if err != nil {
		return nil, nil, err
	}
	inCatalog := make(map[*catalog.Channel]bool, cat.Len())
	for _, ch := range cat.All() {
		inCatalog[ch] = true
	}
	for _, c := range conflicts {
		i, ok := fileOf[c.Lost]
		if !ok {
			continue
		}
		rep := &reports[i]
		line := sourceLine(c.Lost.Source)
		if !inCatalog[c.Lost] {
			rep.Accepted--
			rep.reject(line, fmt.Sprintf("duplicate of %s (%s, key %s); left out", c.Kept.Source, c.Kept.Name, c.Key))
			continue
		}
		rep.warn(line, fmt.Sprintf("key %s already belongs to %s (%s); kept under its other keys", c.Key, c.Kept.Source, c.Kept.Name))
	}
	return cat, reports, nil
}

// identity lists the keys that name exactly one channel: its id and its
// handle.
func identity(ch *catalog.Channel) []string {
	var keys []string
	if ch.ID != "" {
		keys = append(keys, catalog.Key(ch.Platform, catalog.RefID, ch.ID))
	}
	if ch.Handle != "" {
		keys = append(keys, catalog.Key(ch.Platform, catalog.RefHandle, ch.Handle))
	}
	return keys
}

// merge returns a copy of kept with the references dup adds (an id or
// handle kept lacks, aliases, content ids) and names what was added.
func merge(kept, dup *catalog.Channel) (*catalog.Channel, []string) {
	c := *kept
	var added []string
	if c.ID == "" && dup.ID != "" {
		c.ID = dup.ID
		added = append(added, "id")
	}
	if c.Handle == "" && dup.Handle != "" {
		c.Handle = dup.Handle
		added = append(added, "handle")
	}
	c.Aliases = slices.Clone(c.Aliases)
	for _, a := range dup.Aliases {
		if !slices.Contains(c.Aliases, a) {
			c.Aliases = append(c.Aliases, a)
			if !slices.Contains(added, "aliases") {
				added = append(added, "aliases")
			}
		}
	}
	c.ContentIDs = slices.Clone(c.ContentIDs)
	for _, id := range dup.ContentIDs {
		if !slices.Contains(c.ContentIDs, id) {
			c.ContentIDs = append(c.ContentIDs, id)
			if !slices.Contains(added, "content ids") {
				added = append(added, "content ids")
			}
		}
	}
	if len(added) == 0 {
		return kept, nil
	}
	return &c, added
}

// sourceLine reads the line number back out of a "<file>:<line>" source.
func sourceLine(src string) int {
	i := strings.LastIndexByte(src, ':')
	if i < 0 {
		return 0
	}
	n, _ := strconv.Atoi(src[i+1:])
	return n
}
