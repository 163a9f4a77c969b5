-- wrk script: each connection waits a random 0-1000 ms before each request, so 10,000 connections
-- send about 10,000 requests a second spread evenly, instead of all at once. This measures whether
-- the server holds an injected delay, separately from how fast it can answer a synchronised herd.
math.randomseed(os.time())
function delay()
    return math.random(0, 1000)
end
