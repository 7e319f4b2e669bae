-- wrk script: the visitor beacon as browsers send it (navigator.sendBeacon, text/plain JSON), from
-- 500 visitors (their own X-Forwarded-For address and user agent, trusted by the bench server)
-- across 5 pages, paced by `delay` so that 50 connections send about 2,000 a second.
-- PACE_MS (default 25): each connection's pause between requests. PATH_ONLY=1 asks for the
-- page itself instead (GET, the reference: the same server answering a prerendered page).
local pages = { "/", "/contact", "/over-mij", "/wees-eerlijk", "/gratis-kennismakingsgesprek" }
local pace = tonumber(os.getenv("PACE_MS") or "25")
local reference = os.getenv("PATH_ONLY") == "1"
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

function init()
  counter = 0
end

function delay()
  return pace
end

function request()
  counter = counter + 1
  local visitor = (counter * 7 + thread_id) % 500
  local page = pages[(counter % #pages) + 1]
  local headers = {
    ["User-Agent"] = string.format("Mozilla/5.0 (X11; Linux x86_64; Bench %d) AppleWebKit/537.36 Chrome/131.0 Safari/537.36", visitor),
    ["X-Forwarded-For"] = string.format("10.9.%d.%d", math.floor(visitor / 256), visitor % 256),
  }
  if reference then
    headers["Accept-Encoding"] = "br"
    return wrk.format("GET", page, headers)
  end
  headers["Content-Type"] = "text/plain;charset=UTF-8"
  local referrer = (counter % 3 == 0) and "https://www.google.com/" or ""
  local body = string.format('{"url":"%s?utm_campaign=bench","referrer":"%s","width":%d}', page, referrer, (visitor % 2 == 0) and 390 or 1280)
  return wrk.format("POST", "/api/visits", headers, body)
end
