grpcurl \
  -H 'authorization: Bearer eyJhbGciOiJSUzI1NiJ9.example-access-token' \
  -H 'a2a-version: 1.0' \
  -d '{"tenant": "lyon"}' \
  stock.example.com:443 lf.a2a.v1.A2AService/GetExtendedAgentCard
