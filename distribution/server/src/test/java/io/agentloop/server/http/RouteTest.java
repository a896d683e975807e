package io.agentloop.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RouteTest {

    @Test
    void aLiteralPatternMatchesOnlyItsPath() {
        Route route = new Route("GET", "/v1/runs", false);

        assertThat(route.match("/v1/runs")).contains(Map.of());
        assertThat(route.match("/v1/runs/")).isEmpty();
        assertThat(route.match("/v1/Runs")).isEmpty();
        assertThat(route.match("/v1")).isEmpty();
        assertThat(route.match("/v1/runs/x")).isEmpty();
    }

    @Test
    void aPatternsNamesTakeTheirSegmentsValues() {
        Route route = new Route("POST", "/v1/runs/{id}/approvals/{call}", false);

        assertThat(route.match("/v1/runs/run_1/approvals/call_2")).contains(Map.of("id", "run_1", "call", "call_2"));
        assertThat(route.match("/v1/runs/run_1/approvals")).isEmpty();
        assertThat(route.match("/v1/runs/run_1/approvals/a/b")).isEmpty();
        assertThat(route.match("/v1/runs/run_1/decisions/call_2")).isEmpty();
    }

    @Test
    void aNameNeverMatchesAnEmptySegment() {
        Route route = new Route("GET", "/v1/runs/{id}", false);

        assertThat(route.match("/v1/runs/")).isEmpty();
        assertThat(route.match("/v1/runs//")).isEmpty();
        assertThat(new Route("GET", "/v1/runs/{id}/events", false).match("/v1/runs//events")).isEmpty();
    }
}
