package io.agentloop.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ModelCatalogTest {
    private final ModelCatalog catalog = ModelCatalog.builtIn();

    @Test
    void aDatedSnapshotMatchesItsModelAndTheLongestNameWins() {
        assertThat(catalog.contextWindow("openai", "gpt-4o-2024-08-06")).contains(128_000L);
        assertThat(catalog.price("openai", "gpt-4o-mini-2024-07-18").orElseThrow().input()).isEqualTo(0.15);
        assertThat(catalog.contextWindow("anthropic", "claude-sonnet-4-5-20250929")).contains(200_000L);
        assertThat(catalog.contextWindow("gemini", "models/gemini-2.5-pro")).contains(1_048_576L);
    }

    @Test
    void aModelOfAnotherFamilyIsFoundThroughACompatibleProvider() {
        assertThat(catalog.contextWindow("openai", "deepseek-chat")).contains(128_000L);
        assertThat(catalog.price("openai", "deepseek-chat").orElseThrow().output()).isEqualTo(0.42);
    }

    @Test
    void anOllamaTagIsFreeAndAnUnknownLocalModelHasNoWindow() {
        assertThat(catalog.contextWindow("ollama", "llama3.1:8b")).contains(131_072L);
        assertThat(catalog.price("ollama", "llama3.1:8b").orElseThrow().output()).isZero();
        assertThat(catalog.contextWindow("ollama", "my-finetune:1b")).isEmpty();
        assertThat(catalog.price("ollama", "my-finetune:1b").orElseThrow().input()).isZero();
    }

    @Test
    void aNameThatOnlySharesLettersIsNotMatched() {
        assertThat(catalog.find("openai", "gpt-test")).isEmpty();
        assertThat(catalog.find("openai", "gpt-4.5-preview")).isEmpty();
        assertThat(catalog.find("anthropic", "claude")).isEmpty();
    }
}
