/** Test fakes for Agentloop: a scripted chat model, a recording hook and a fake tool. */
module io.agentloop.testkit {
    requires transitive io.agentloop.api;
    exports io.agentloop.testkit;
}
