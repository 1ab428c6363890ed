package lint

import "github.com/agentcard/agentcard/core/diag"

// Answer rules (topic "capabilities") are reported by core/probe/reply,
// which checks an agent's answers to a conversation (`agentcard send`,
// `conform --send`) against the protocol's JSON for the interface's
// version, and by core/probe's conversation when an answer passes a
// conversation's bounds. Their examples are answers: a first line
// "answer: BINDING VERSION METHOD" (with " cut: events=N" for a bound
// lowered to keep the example short), then the HTTP body, a JSON-RPC
// response or, for SendStreamingMessage, the server-sent events.
//
// Their codes are core/diag's (diag.Elsewhere), so that core/probe need
// not import this package.
const (
	CodeAnswerShape         = diag.CodeAnswerShape
	CodeAnswerRequiredField = diag.CodeAnswerRequiredField
	CodeAnswerEnum          = diag.CodeAnswerEnum
	CodeAnswerOneof         = diag.CodeAnswerOneof
	CodeAnswerUnknownField  = diag.CodeAnswerUnknownField
	CodeAnswerCut           = diag.CodeAnswerCut
)

const (
	answerSend   = "answer: JSONRPC 1.0 SendMessage\n"
	answerStream = "answer: JSONRPC 1.0 SendStreamingMessage"
	answerGood   = `{"jsonrpc":"2.0","id":"1","result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}}`
	answerEvent  = `data: {"jsonrpc":"2.0","id":"1","result":{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}}` + "\n\n"
)

func answerRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: CodeAnswerShape, Topic: "capabilities", External: true,
			Title:       "The agent's answer is not in the protocol's JSON for its version",
			Explanation: "Every answer of an interface must be written in the JSON of the protocol version the card declares for it. Version 1.0 writes the ProtoJSON form of a2a.proto: camelCase member names, each result wrapped in the member that says what it is ({\"task\": …} or {\"message\": …}), and no \"kind\" member anywhere. Version 0.3 wrote the Task or Message itself, told apart by its \"kind\". A 1.0 client reading a 0.3 answer finds none of the members it looks for: a2a-go v2.4.0's and @a2a-js/sdk 1.3.0's clients fail on it. The same goes for answers that are not JSON, not a JSON-RPC 2.0 response, not a server-sent event stream when one was asked for, a member of the wrong type, a snake_case name, a time that is not RFC 3339 or bytes that are not base64.",
			HowToFix:    "Answer in the JSON of the version the interface declares: for 1.0 use a server that writes it (a2a-go v2.4.0's a2asrv answers in 1.0's JSON) or write camelCase names and the wrapping member; if the server speaks 0.3, declare protocolVersion 0.3 for that interface instead.",
			Basis:       Basis{Kind: BasisMust, Note: "§5.5: the JSON of 1.0 MUST use the camelCase names of the ProtoJSON mapping, and §9.4.1 and §11.4 wrap a result in the member of its oneof; 0.3 (§7.1 of 0.3.0) answers the Task or Message itself with its kind, so one version's shape cannot be read as the other's."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.5", Title: "JSON Field Naming Convention", URL: "https://a2a-protocol.org/v1.0.0/specification/#55-json-field-naming-convention"},
				{Doc: "A2A", Version: "1.0", Section: "9.4.1", Title: "SendMessage", URL: "https://a2a-protocol.org/v1.0.0/specification/#941-sendmessage"},
				{Doc: "A2A", Version: "1.0", Section: "11.4", Title: "Request/Response Format", URL: "https://a2a-protocol.org/v1.0.0/specification/#114-requestresponse-format"},
				{Doc: "A2A", Version: "0.3.0", Section: "7.1", Title: "message/send", URL: "https://a2a-protocol.org/v0.3.0/specification/#71-messagesend"},
			},
			Bad:  answerSend + `{"jsonrpc":"2.0","id":"1","result":{"kind":"task","id":"t1","contextId":"c1","status":{"state":"completed"}}}`,
			Good: answerSend + answerGood}},
		&Rule{Rule: diag.Rule{Code: CodeAnswerRequiredField, Topic: "capabilities", External: true,
			Title:       "The agent's answer lacks a required field",
			Explanation: "The data model marks some fields REQUIRED: a Message's messageId, role and parts, a Task's id and status (0.3 also its contextId), a status's state, an Artifact's artifactId and parts, the taskId and contextId of every update event. A client needs them to continue the conversation (the task and context ids), to know who spoke, or to know whether the work is done, yet a2a-go v2.4.0's and @a2a-js/sdk 1.3.0's clients take an answer without them with no error and leave the fields empty, so the loss shows only later.",
			HowToFix:    "Fill every REQUIRED field in what the agent returns; with a2a-go v2.4.0, an executor that builds its events from its context (a2a.NewSubmittedTask first, then a2a.NewStatusUpdateEvent) gets the ids and state filled in by a2asrv.",
			Basis:       Basis{Kind: BasisMust, Note: "§5.7: fields marked REQUIRED in the data model MUST be present; a2a.proto marks them with field_behavior REQUIRED (the table is compared with a2a-go v2.4.0's descriptors in core/probe/reply's tests)."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.7", Title: "Field Presence and Optionality", URL: "https://a2a-protocol.org/v1.0.0/specification/#57-field-presence-and-optionality"},
				{Doc: "A2A", Version: "1.0", Section: "4.1.1", Title: "Task", URL: "https://a2a-protocol.org/v1.0.0/specification/#411-task"},
				{Doc: "A2A", Version: "1.0", Section: "4.1.4", Title: "Message", URL: "https://a2a-protocol.org/v1.0.0/specification/#414-message"},
			},
			Bad:  answerSend + `{"jsonrpc":"2.0","id":"1","result":{"message":{"role":"ROLE_AGENT","parts":[{"text":"hello"}]}}}`,
			Good: answerSend + `{"jsonrpc":"2.0","id":"1","result":{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hello"}]}}}`}},
		&Rule{Rule: diag.Rule{Code: CodeAnswerEnum, Topic: "capabilities", External: true,
			Title:       "The agent's answer spells an enum value the protocol does not have",
			Explanation: "Enum values are fixed strings of their version: in 1.0 TASK_STATE_SUBMITTED, TASK_STATE_WORKING, TASK_STATE_COMPLETED, TASK_STATE_FAILED, TASK_STATE_CANCELED, TASK_STATE_INPUT_REQUIRED, TASK_STATE_REJECTED, TASK_STATE_AUTH_REQUIRED and ROLE_USER, ROLE_AGENT; in 0.3 the lower-case words (completed, input-required, user, agent) and the kinds task, message, status-update, artifact-update, text, file, data. A value off the list, however close (TASK_STATE_CANCELLED, or 0.3's completed in a 1.0 answer), is unknown to a client: ProtoJSON readers (a2a-go v2.4.0's a2apb types) refuse the answer, while a2a-go v2.4.0's client keeps the value as a state that is not terminal and @a2a-js/sdk 1.3.0's reads it as an unrecognized state, so a finished task looks unfinished.",
			HowToFix:    "Write the value exactly as the interface's version spells it; the message names the value meant.",
			Basis:       Basis{Kind: BasisMust, Note: "§5.6: enum values are written as the names a2a.proto gives them (TASK_STATE_CANCELED, ROLE_AGENT); 0.3.0's schema lists its lower-case values; no other spelling is defined."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.6", Title: "Data Type Conventions", URL: "https://a2a-protocol.org/v1.0.0/specification/#56-data-type-conventions"},
				{Doc: "A2A", Version: "1.0", Section: "4.1.3", Title: "TaskState", URL: "https://a2a-protocol.org/v1.0.0/specification/#413-taskstate"},
				{Doc: "A2A", Version: "1.0", Section: "4.1.5", Title: "Role", URL: "https://a2a-protocol.org/v1.0.0/specification/#415-role"},
			},
			Bad:  answerSend + `{"jsonrpc":"2.0","id":"1","result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_CANCELLED"}}}}`,
			Good: answerSend + `{"jsonrpc":"2.0","id":"1","result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_CANCELED"}}}}`}},
		&Rule{Rule: diag.Rule{Code: CodeAnswerOneof, Topic: "capabilities", External: true,
			Title:       "The agent's answer holds none or several members of a oneof",
			Explanation: "Some objects hold exactly one of a set of members: a Part is text, raw, url or data; a SendMessage result is a task or a message; a stream event is a task, a message, a statusUpdate or an artifactUpdate; a JSON-RPC response has a result or an error. ProtoJSON readers (a2a-go v2.4.0's a2apb types) refuse several, a2a-go v2.4.0's client refuses none or several, and @a2a-js/sdk 1.3.0's client fails on an empty result but keeps one of several members and silently drops the others (the data beside a text, the message beside a task).",
			HowToFix:    "Put exactly one member of the set in each such object: split a part that carries text and data into two parts, and answer a SendMessage with either the task or a message.",
			Basis:       Basis{Kind: BasisMust, Note: "§4.1.6: a Part MUST contain exactly one of text, raw, url or data; §9.4.1 and §9.4.2 make the SendMessage result and each stream event one member of a oneof."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.1.6", Title: "Part", URL: "https://a2a-protocol.org/v1.0.0/specification/#416-part"},
				{Doc: "A2A", Version: "1.0", Section: "9.4.1", Title: "SendMessage", URL: "https://a2a-protocol.org/v1.0.0/specification/#941-sendmessage"},
				{Doc: "A2A", Version: "1.0", Section: "9.4.2", Title: "SendStreamingMessage", URL: "https://a2a-protocol.org/v1.0.0/specification/#942-sendstreamingmessage"},
			},
			Bad:  answerSend + `{"jsonrpc":"2.0","id":"1","result":{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hello","data":{"n":1}}]}}}`,
			Good: answerSend + `{"jsonrpc":"2.0","id":"1","result":{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hello"},{"data":{"n":1}}]}}}`}},
		&Rule{Rule: diag.Rule{Code: CodeAnswerUnknownField, Topic: "capabilities", External: true,
			Title:       "The agent's answer has a member the protocol does not define",
			Explanation: "An answer's object has a member its type does not define in the interface's version. §5.7 has receivers ignore members they do not know, so whatever it carries never reaches the client (and protobuf's own ProtoJSON parsers, unless told to discard unknown members, refuse the whole answer). Extra data belongs in the metadata member every object has.",
			HowToFix:    "Move the extra data into metadata, or remove it.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "The data model defines no such member; §5.7 has receivers ignore it, so what it carries is lost (protobuf's ProtoJSON parsers refuse it unless told to discard unknown members)."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "5.5", Title: "JSON Field Naming Convention", URL: "https://a2a-protocol.org/v1.0.0/specification/#55-json-field-naming-convention"},
				{Doc: "A2A", Version: "1.0", Section: "5.7", Title: "Field Presence and Optionality", URL: "https://a2a-protocol.org/v1.0.0/specification/#57-field-presence-and-optionality"},
				{Doc: "A2A", Version: "1.0", Section: "4.1.4", Title: "Message", URL: "https://a2a-protocol.org/v1.0.0/specification/#414-message"},
			},
			Bad:  answerSend + `{"jsonrpc":"2.0","id":"1","result":{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hi"}],"mood":"happy"}}}`,
			Good: answerSend + `{"jsonrpc":"2.0","id":"1","result":{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hi"}],"metadata":{"mood":"happy"}}}}`}},
		&Rule{Rule: diag.Rule{Code: CodeAnswerCut, Topic: "capabilities", External: true,
			Title:       "The agent's answer passed a conversation's bounds and was cut",
			Explanation: "A conversation started by agentcard reads at most 4 MiB of an answer, at most 1,000 stream events and waits at most a stated time (send --help says it); what comes after is not read and not checked. An answer that big, a stream that long or that slow usually means the stream is never closed after the task's last state, or the agent sends far more than one reply needs. a2a-go v2.4.0's streaming client has no bound of its own: it reads an open stream until its caller's context ends, so a caller without a deadline waits as long as the stream stays open.",
			HowToFix:    "End the stream after the task reaches a final or interrupted state (completed, failed, canceled, rejected, input required, auth required), and keep one reply small: large results belong in artifacts that point to files (url parts).",
			Basis:       Basis{Kind: BasisToolLimit, Note: "agentcard's own bounds of a conversation (4 MiB, 1,000 events, a stated time limit); §3.1.2 and §11.7 have the stream close once the task reaches a terminal or interrupted state."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.1.2", Title: "Send Streaming Message", URL: "https://a2a-protocol.org/v1.0.0/specification/#312-send-streaming-message"},
				{Doc: "A2A", Version: "1.0", Section: "11.7", Title: "Streaming", URL: "https://a2a-protocol.org/v1.0.0/specification/#117-streaming"},
			},
			Bad:  answerStream + " cut: events=2\n" + answerEvent + answerEvent + answerEvent,
			Good: answerStream + " cut: events=2\n" + answerEvent + answerEvent}},
	}
}
