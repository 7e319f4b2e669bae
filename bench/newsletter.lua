-- wrk script: every request is a newsletter signup with an e-mail address no other request uses,
-- from its own client address (X-Forwarded-For, trusted by the bench server), so the figure
-- measures the signup itself, not the per-address rate limit.
-- The run's prefix (wrk's start time) keeps addresses unique across runs on the same database.
local prefix = tostring(os.time())
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

function init()
  counter = 0
end

function request()
  counter = counter + 1
  local body = string.format('{"firstName":"Bench","email":"bench-%s-%d-%d@example.com"}', prefix, thread_id, counter)
  local address = string.format("10.%d.%d.%d", thread_id % 256, math.floor(counter / 256) % 256, counter % 256)
  return wrk.format("POST", "/api/newsletter", { ["Content-Type"] = "application/json", ["X-Forwarded-For"] = address }, body)
end
