enum _PlaceholderSwiftOpenAI {}
