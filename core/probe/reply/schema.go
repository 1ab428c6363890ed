package reply

// The protocol's JSON, as far as an answer to a conversation holds it:
// for 1.0 the ProtoJSON of a2a.proto (lf.a2a.v1; camelCase names, enum
// names, REQUIRED fields, oneofs), for 0.3 the shapes of the 0.3.0 JSON
// Schema (a `kind` on every object that has one, lower-case enums). A
// test compares the 1.0 table with a2a-go v2.4.0's descriptors
// (a2apb/v1) and the 0.3 table with the published schema.

// field is one member of an object.
type field struct {
	name     string
	typ      string // string, bytes, bool, int, struct, value, timestamp, enum:NAME, OBJECT, []string, []OBJECT
	required bool
	oneof    string // the oneof group it belongs to, "" none
	proto    string // the proto field name when it differs (snake_case)
}

// object is one message type.
type object struct {
	fields []field
	// kind is the 0.3 discriminator the object carries ("" none).
	kind string
}

func (o object) get(name string) (field, bool) {
	for _, f := range o.fields {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}

var schema10 = map[string]object{
	"SendMessageResponse": {fields: []field{
		{name: "task", typ: "Task", oneof: "payload"},
		{name: "message", typ: "Message", oneof: "payload"},
	}},
	"StreamResponse": {fields: []field{
		{name: "task", typ: "Task", oneof: "payload"},
		{name: "message", typ: "Message", oneof: "payload"},
		{name: "statusUpdate", typ: "TaskStatusUpdateEvent", oneof: "payload", proto: "status_update"},
		{name: "artifactUpdate", typ: "TaskArtifactUpdateEvent", oneof: "payload", proto: "artifact_update"},
	}},
	"ListTasksResponse": {fields: []field{
		{name: "tasks", typ: "[]Task", required: true},
		{name: "nextPageToken", typ: "string", required: true, proto: "next_page_token"},
		{name: "pageSize", typ: "int", required: true, proto: "page_size"},
		{name: "totalSize", typ: "int", required: true, proto: "total_size"},
	}},
	"Task": {fields: []field{
		{name: "id", typ: "string", required: true},
		{name: "contextId", typ: "string", proto: "context_id"},
		{name: "status", typ: "TaskStatus", required: true},
		{name: "artifacts", typ: "[]Artifact"},
		{name: "history", typ: "[]Message"},
		{name: "metadata", typ: "struct"},
	}},
	"TaskStatus": {fields: []field{
		{name: "state", typ: "enum:TaskState", required: true},
		{name: "message", typ: "Message"},
		{name: "timestamp", typ: "timestamp"},
	}},
	"Message": {fields: []field{
		{name: "messageId", typ: "string", required: true, proto: "message_id"},
		{name: "contextId", typ: "string", proto: "context_id"},
		{name: "taskId", typ: "string", proto: "task_id"},
		{name: "role", typ: "enum:Role", required: true},
		{name: "parts", typ: "[]Part", required: true},
		{name: "metadata", typ: "struct"},
		{name: "extensions", typ: "[]string"},
		{name: "referenceTaskIds", typ: "[]string", proto: "reference_task_ids"},
	}},
	"Part": {fields: []field{
		{name: "text", typ: "string", oneof: "content"},
		{name: "raw", typ: "bytes", oneof: "content"},
		{name: "url", typ: "string", oneof: "content"},
		{name: "data", typ: "value", oneof: "content"},
		{name: "metadata", typ: "struct"},
		{name: "filename", typ: "string"},
		{name: "mediaType", typ: "string", proto: "media_type"},
	}},
	"Artifact": {fields: []field{
		{name: "artifactId", typ: "string", required: true, proto: "artifact_id"},
		{name: "name", typ: "string"},
		{name: "description", typ: "string"},
		{name: "parts", typ: "[]Part", required: true},
		{name: "metadata", typ: "struct"},
		{name: "extensions", typ: "[]string"},
	}},
	"TaskStatusUpdateEvent": {fields: []field{
		{name: "taskId", typ: "string", required: true, proto: "task_id"},
		{name: "contextId", typ: "string", required: true, proto: "context_id"},
		{name: "status", typ: "TaskStatus", required: true},
		{name: "metadata", typ: "struct"},
	}},
	"TaskArtifactUpdateEvent": {fields: []field{
		{name: "taskId", typ: "string", required: true, proto: "task_id"},
		{name: "contextId", typ: "string", required: true, proto: "context_id"},
		{name: "artifact", typ: "Artifact", required: true},
		{name: "append", typ: "bool"},
		{name: "lastChunk", typ: "bool", proto: "last_chunk"},
		{name: "metadata", typ: "struct"},
	}},
}

var enums10 = map[string][]string{
	"TaskState": {"TASK_STATE_UNSPECIFIED", "TASK_STATE_SUBMITTED", "TASK_STATE_WORKING", "TASK_STATE_COMPLETED",
		"TASK_STATE_FAILED", "TASK_STATE_CANCELED", "TASK_STATE_INPUT_REQUIRED", "TASK_STATE_REJECTED", "TASK_STATE_AUTH_REQUIRED"},
	"Role": {"ROLE_UNSPECIFIED", "ROLE_USER", "ROLE_AGENT"},
}

// schema03 holds the 0.3 objects; a Part and a file are unions read by
// their kind (Part) or by which member they have (file).
var schema03 = map[string]object{
	"Task": {kind: "task", fields: []field{
		{name: "id", typ: "string", required: true},
		{name: "contextId", typ: "string", required: true},
		{name: "status", typ: "TaskStatus", required: true},
		{name: "kind", typ: "string", required: true},
		{name: "artifacts", typ: "[]Artifact"},
		{name: "history", typ: "[]Message"},
		{name: "metadata", typ: "struct"},
	}},
	"TaskStatus": {fields: []field{
		{name: "state", typ: "enum:TaskState", required: true},
		{name: "message", typ: "Message"},
		{name: "timestamp", typ: "timestamp"},
	}},
	"Message": {kind: "message", fields: []field{
		{name: "messageId", typ: "string", required: true},
		{name: "role", typ: "enum:Role", required: true},
		{name: "parts", typ: "[]Part", required: true},
		{name: "kind", typ: "string", required: true},
		{name: "contextId", typ: "string"},
		{name: "taskId", typ: "string"},
		{name: "metadata", typ: "struct"},
		{name: "extensions", typ: "[]string"},
		{name: "referenceTaskIds", typ: "[]string"},
	}},
	"TextPart": {kind: "text", fields: []field{
		{name: "kind", typ: "string", required: true},
		{name: "text", typ: "string", required: true},
		{name: "metadata", typ: "struct"},
	}},
	"FilePart": {kind: "file", fields: []field{
		{name: "kind", typ: "string", required: true},
		{name: "file", typ: "File", required: true},
		{name: "metadata", typ: "struct"},
	}},
	"DataPart": {kind: "data", fields: []field{
		{name: "kind", typ: "string", required: true},
		{name: "data", typ: "struct", required: true},
		{name: "metadata", typ: "struct"},
	}},
	"File": {fields: []field{
		{name: "bytes", typ: "bytes", oneof: "file"},
		{name: "uri", typ: "string", oneof: "file"},
		{name: "mimeType", typ: "string"},
		{name: "name", typ: "string"},
	}},
	"Artifact": {fields: []field{
		{name: "artifactId", typ: "string", required: true},
		{name: "parts", typ: "[]Part", required: true},
		{name: "name", typ: "string"},
		{name: "description", typ: "string"},
		{name: "metadata", typ: "struct"},
		{name: "extensions", typ: "[]string"},
	}},
	"TaskStatusUpdateEvent": {kind: "status-update", fields: []field{
		{name: "taskId", typ: "string", required: true},
		{name: "contextId", typ: "string", required: true},
		{name: "status", typ: "TaskStatus", required: true},
		{name: "final", typ: "bool", required: true},
		{name: "kind", typ: "string", required: true},
		{name: "metadata", typ: "struct"},
	}},
	"TaskArtifactUpdateEvent": {kind: "artifact-update", fields: []field{
		{name: "taskId", typ: "string", required: true},
		{name: "contextId", typ: "string", required: true},
		{name: "artifact", typ: "Artifact", required: true},
		{name: "kind", typ: "string", required: true},
		{name: "append", typ: "bool"},
		{name: "lastChunk", typ: "bool"},
		{name: "metadata", typ: "struct"},
	}},
}

var enums03 = map[string][]string{
	"TaskState": {"submitted", "working", "input-required", "completed", "canceled", "failed", "rejected", "auth-required", "unknown"},
	"Role":      {"user", "agent"},
}

// kinds03 are the 0.3 types a kind names, per union.
var kinds03 = map[string]map[string]string{
	"Part":   {"text": "TextPart", "file": "FilePart", "data": "DataPart"},
	"Result": {"task": "Task", "message": "Message"},
	"Event":  {"task": "Task", "message": "Message", "status-update": "TaskStatusUpdateEvent", "artifact-update": "TaskArtifactUpdateEvent"},
}
