package cooc

import (
	"context"
	"slices"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
)

// BuildCatalog learns a model from cat's channels and, with background,
// the generated demo catalog's too. The published lists have only their
// category columns and names: the demo catalog's tags, descriptions and
// titles are the catalog text that says which everyday words ("cricket",
// "口红") go with which category, and its channels share category ids and
// category names with every list.
func BuildCatalog(ctx context.Context, cat *catalog.Catalog, background bool, opts Options) (*Model, error) {
	chans := cat.All()
	if background {
		bg, err := demo.Catalog()
		if err != nil {
			return nil, err
		}
		chans = append(slices.Clip(chans), bg.All()...)
	}
	return Build(ctx, chans, opts)
}
