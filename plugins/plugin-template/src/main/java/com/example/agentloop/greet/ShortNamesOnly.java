package com.example.agentloop.greet;

import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.tool.ToolResult;

/**
 * A hook: an interceptor around tool calls that refuses to greet names longer than 40 characters,
 * without running the tool. Listed in META-INF/services/io.agentloop.api.hook.Hook. It reads the
 * call's arguments through its context, so it needs no JSON library of its own.
 */
public final class ShortNamesOnly implements ActingInterceptor {
    static final int LIMIT = 40;

    @Override
    public ToolResult intercept(Chain chain) {
        if (chain.call().name().equals("greet")) {
            String name = chain.context().arguments(chain.call()).string("name").orElse("");
            if (name.length() > LIMIT) {
                return ToolResult.failure(ToolResult.Failure.DENIED, "names longer than " + LIMIT
                        + " characters are not greeted; use a shorter one");
            }
        }
        return chain.proceed(chain.call());
    }
}
