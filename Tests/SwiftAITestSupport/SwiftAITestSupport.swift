// What the test targets share lives in this target; each file is named after what it holds.
//
// It re-exports nothing: a test file imports the modules it uses by name. Re-exporting AICore here made its
// package types (`APIResponse`) collide with a provider module's public ones (SwiftAzureOpenAI's `APIResponse<T>`)
// in every file that imports this target.
