package io.agentloop.providers.http;

import java.util.Optional;

/**
 * What error messages say about a provider: its name, and the environment variable that holds its
 * API key (named in the message when the key is missing or refused).
 */
public record ProviderInfo(String id, String displayName, Optional<String> keyVariable) {
}
