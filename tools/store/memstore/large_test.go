package memstore

import (
	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
)

// largeCatalog is the catalog benchmarks and the recall test run on: the
// default demo catalog (20000 channels).
func largeCatalog() (*catalog.Catalog, error) {
	return demo.Catalog()
}
