package io.agentloop.providers.http;

import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** The JSON mapper every provider shares (thread-safe once built). */
public final class WireJson {
    public static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private WireJson() {
    }
}
